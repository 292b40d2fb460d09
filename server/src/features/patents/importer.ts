import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '~/db/database'
import { analyzePatents, insertPatents } from './corpus.repo'
import { readLines } from './line-reader'
import { PatentRecordSchema, toPatentRow } from './patent-record'
import { startProgress } from './progress'
import { parseUsptoDocument, usptoDocuments } from './uspto-xml'

export type ImportError = { line: number; reference: string | undefined; message: string }
export type ImportSummary = {
  read: number
  written: number
  failed: number
  errors: ImportError[]
  seconds: number
}

const BATCH = 250
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

type Parsed = { line: number; result: ReturnType<typeof parseRecord> }

async function* jsonLinesRecords(lines: ReturnType<typeof readLines>): AsyncGenerator<Parsed> {
  for await (const line of lines) {
    if (line.text.trim() !== '') yield { line: line.number, result: parseRecord(line.text, line.number) }
  }
}

async function* usptoXmlRecords(lines: ReturnType<typeof readLines>): AsyncGenerator<Parsed> {
  for await (const document of usptoDocuments(lines)) {
    try {
      const record = PatentRecordSchema.parse(parseUsptoDocument(document.xml))
      yield { line: document.line, result: { row: toPatentRow(record) } }
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      yield { line: document.line, result: { error: { line: document.line, reference: undefined, message } } }
    }
  }
}

/**
 * Imports patents from JSON Lines in the corpus shape, or from USPTO bulk full-text XML (`.xml`),
 * either optionally gzipped, streaming in batches: memory stays constant whatever the file size. A
 * bad record is reported with its line and skipped; an existing reference is updated.
 */
export async function importPatents(
  db: Db,
  file: string,
  { log, onError }: { log: FastifyBaseLogger; onError?: (error: ImportError) => void },
): Promise<ImportSummary> {
  const started = Date.now()
  const lines = readLines(file)
  const progress = startProgress('Import', log)
  const summary: ImportSummary = { read: 0, written: 0, failed: 0, errors: [], seconds: 0 }
  let batch: ReturnType<typeof toPatentRow>[] = []
  const flush = async () => {
    summary.written += await insertPatents(db, batch, 'update')
    batch = []
    progress.update(
      lines.progress(),
      `${summary.read.toLocaleString('en-GB')} read, ${summary.failed} failed`,
    )
  }
  const records = /\.xml(\.gz)?$/i.test(file) ? usptoXmlRecords(lines) : jsonLinesRecords(lines)
  try {
    for await (const { result } of records) {
      summary.read += 1
      if ('row' in result) {
        batch.push(result.row)
        if (batch.length >= BATCH) await flush()
        continue
      }
      summary.failed += 1
      if (summary.errors.length < MAX_REPORTED_ERRORS) summary.errors.push(result.error)
      onError?.(result.error)
    }
    await flush()
    await analyzePatents(db)
  } finally {
    progress.stop()
  }
  summary.seconds = (Date.now() - started) / 1000
  return summary
}
