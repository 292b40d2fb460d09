import { createHash } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { FastifyBaseLogger } from 'fastify'
import type { Database } from '~/db/database'
import { analyzePatents, findCorpusState, saveCorpusState } from './corpus.repo'
import { type ImportDocument, type ImportFormat, openImportFile } from './import-file'
import { copyPatents, type NumberedRow } from './patent-copy'
import { PatentRecordSchema, toPatentRow } from './patent-record'
import { startProgress } from './progress'

export type ImportError = { line: number; reference: string | undefined; message: string }
export type ImportSummary = {
  /** What the file was recognised as (import-file.ts). */
  format: ImportFormat
  read: number
  written: number
  failed: number
  errors: ImportError[]
  seconds: number
  /** The last line a stopped run of the same file had written; this run began after it (0: from the start). */
  resumedAfter: number
}

/** Rows written by one COPY and transaction. */
const BATCH = 1000
/**
 * A batch is written sooner once its records hold this many characters, so that records of whole
 * specifications (no size is refused) keep a batch, and its COPY text, to tens of megabytes.
 */
const BATCH_CHARACTERS = 32 * 2 ** 20
/**
 * Batches written at the same time on PostgreSQL, one per core (at least two, at most eight): on 2 cores two
 * gave 2,591 patents/s where one gave 1,389, and three no more than two.
 */
const POSTGRES_WRITERS = Math.max(2, Math.min(8, os.availableParallelism()))
/** Errors kept for the summary; the count goes on past it. */
const MAX_REPORTED_ERRORS = 100

/** One line as a row to write, or the reason it cannot be one. */
export function parseRecord(
  text: string,
  line: number,
): { row: ReturnType<typeof toPatentRow> } | { error: ImportError } {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return { error: { line, reference: undefined, message: 'not valid JSON' } }
  }
  const parsed = PatentRecordSchema.safeParse(value)
  if (parsed.success) return { row: toPatentRow(parsed.data) }
  const reference = (value as { reference?: unknown } | null)?.reference
  return {
    error: {
      line,
      reference: typeof reference === 'string' ? reference : undefined,
      message: parsed.error.issues.map((i) => `${i.path.join('.') || 'record'}: ${i.message}`).join('; '),
    },
  }
}

/** A document of the file as a row to write, or the reason it cannot be one. */
function rowOf(document: ImportDocument): ReturnType<typeof parseRecord> {
  if ('json' in document) return parseRecord(document.json, document.line)
  if ('error' in document)
    return { error: { line: document.line, reference: document.reference, message: document.error } }
  const parsed = PatentRecordSchema.safeParse(document.record)
  if (parsed.success) return { row: toPatentRow(parsed.data) }
  const message = parsed.error.issues.map((i) => `${i.path.join('.') || 'record'}: ${i.message}`).join('; ')
  return { error: { line: document.line, reference: document.record.reference, message } }
}

/** How an import of `file` is named in corpus_state: its path, size and time, so a changed file starts afresh. */
function progressName(file: string) {
  const stat = fs.statSync(file)
  const identity = `${path.resolve(file)}\n${stat.size}\n${stat.mtimeMs}`
  return `import ${createHash('sha256').update(identity).digest('hex').slice(0, 16)}`
}

/**
 * Imports patents from any file `import-file.ts` recognises (JSON Lines in the corpus shape, USPTO, EP
 * and DOCDB XML, gzipped or, from the USPTO, in its weekly ZIP), streaming in batches written by COPY
 * (patent-copy.ts): memory stays constant whatever the file size. A bad record is reported with its line
 * and skipped; an existing reference is updated, or for DOCDB's bibliographic records completed. Each batch saves how far the file has gone in the same transaction, so a run
 * that stopped (a crash, Ctrl-C) resumes after its last written batch when started again on the same file.
 */
export async function importPatents(
  database: Database,
  file: string,
  {
    log,
    onError,
    batchSize = BATCH,
  }: {
    log: FastifyBaseLogger
    onError?: (error: ImportError) => void
    /** Rows per COPY and transaction (tests stop a run between small batches). */
    batchSize?: number
  },
): Promise<ImportSummary> {
  const started = Date.now()
  const opened = await openImportFile(file)
  const name = progressName(file)
  const before = await findCorpusState(database.db, name)
  const resumedAfter = before && !before.completedAt ? before.linesDone : 0
  const progress = startProgress('Import', log)
  const summary: ImportSummary = {
    format: opened.format,
    read: 0,
    written: 0,
    failed: 0,
    errors: [],
    seconds: 0,
    resumedAfter,
  }
  // A DOCDB record is bibliographic: it completes the record of the same reference, never replaces its texts.
  const onDuplicate = opened.format === 'docdb-xml' ? 'merge' : 'update'
  const refuse = (error: ImportError) => {
    summary.failed += 1
    if (summary.errors.length < MAX_REPORTED_ERRORS) summary.errors.push(error)
    onError?.(error)
  }
  let batch: NumberedRow[] = []
  let batchCharacters = 0
  let lastLine = resumedAfter
  // Batches being written, oldest first: on PostgreSQL two at once, so that its computing of one batch's
  // search vectors overlaps the other's (decision 27); PGlite runs one statement at a time.
  const writing: Promise<void>[] = []
  const writers = database.driver === 'postgres' ? POSTGRES_WRITERS : 1
  const flush = async () => {
    if (batch.length === 0) return
    const write = copyPatents(database, batch, {
      onDuplicate,
      progress: { name, linesDone: lastLine },
      after: writing.at(-1),
    }).then((result) => {
      summary.written += result.written
      for (const refusal of result.refused) refuse(refusal)
      progress.update(
        opened.progress(),
        `${summary.read.toLocaleString('en-GB')} read, ${summary.failed} failed`,
      )
    })
    // Marked as handled now: a failure is met when the batch is awaited, not as an unhandled rejection first.
    write.catch(() => {})
    batch = []
    batchCharacters = 0
    writing.push(write)
    if (writing.length >= writers) await writing.shift()
  }
  try {
    for await (const document of opened.documents()) {
      const { line, size } = document
      if (line <= resumedAfter) continue
      const result = rowOf(document)
      summary.read += 1
      lastLine = line
      if ('row' in result) {
        batch.push({ line, row: result.row })
        batchCharacters += size
        if (batch.length >= batchSize || batchCharacters >= BATCH_CHARACTERS) await flush()
      } else refuse(result.error)
    }
    await flush()
    await Promise.all(writing)
    await saveCorpusState(database.db, name, lastLine, true)
    await analyzePatents(database.db)
  } finally {
    // A run that stops leaves no batch half-written behind it: each is committed or rolled back first.
    await Promise.allSettled(writing)
    progress.stop()
  }
  summary.seconds = (Date.now() - started) / 1000
  return summary
}
