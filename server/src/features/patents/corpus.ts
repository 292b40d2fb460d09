import path from 'node:path'
import type { FastifyBaseLogger } from 'fastify'
import type { Database, Db } from '~/db/database'
import { serverPaths } from '~/paths'
import * as corpusRepo from './corpus.repo'
import { parseRecord } from './importer'
import { readLines } from './line-reader'
import { startProgress } from './progress'

export const corpusDir = serverPaths.corpus

type DataSet = {
  name: string
  file: string
  label: string
  batchSize: number
  /** Writes one batch of lines (line numbers from 1) inside the transaction that records the progress. */
  write: (db: Db, lines: { number: number; text: string }[], log: FastifyBaseLogger) => Promise<void>
}

const titles: DataSet = {
  name: 'classification-titles',
  file: 'classification-titles.tsv.gz',
  label: 'Classification titles',
  batchSize: 2000,
  async write(db, lines) {
    const rows = lines
      .filter((line) => line.number > 1)
      .map((line) => line.text.split('\t'))
      .filter((cells): cells is [string, string, string] => cells.length === 3)
      .map(([code, title, source]) => ({ code, title, source }))
    await corpusRepo.insertClassificationTitles(db, rows)
  },
}

const corpusPatents: DataSet = {
  name: 'patents',
  file: 'patents.jsonl.gz',
  label: 'Patent corpus',
  batchSize: 250,
  async write(db, lines, log) {
    const rows = []
    for (const line of lines) {
      const result = parseRecord(line.text, line.number)
      if ('row' in result) rows.push(result.row)
      else log.warn(result.error, 'skipped a corpus record')
    }
    await corpusRepo.insertPatents(db, rows, 'skip')
  },
}

/** Loads one data set in batches; each batch and the count of lines done commit together, so a restart resumes. */
async function loadDataSet(database: Database, set: DataSet, dir: string, log: FastifyBaseLogger) {
  const state = await corpusRepo.findCorpusState(database.db, set.name)
  if (state?.completedAt) return false
  const started = Date.now()
  const lines = readLines(path.join(dir, set.file))
  const progress = startProgress(set.label, log)
  let batch: { number: number; text: string }[] = []
  let done = state?.linesDone ?? 0
  const flush = async (completed: boolean) => {
    const last = batch.at(-1)?.number ?? done
    await database.db.transaction(async (tx) => {
      await set.write(tx, batch, log)
      await corpusRepo.saveCorpusState(tx, set.name, last, completed)
    })
    done = last
    batch = []
    progress.update(lines.progress(), `${done.toLocaleString('en-GB')} lines`)
  }
  try {
    for await (const line of lines) {
      if (line.number <= done) continue
      batch.push(line)
      if (batch.length >= set.batchSize) await flush(false)
    }
    await flush(true)
  } finally {
    progress.stop()
  }
  log.info({ lines: done, seconds: (Date.now() - started) / 1000 }, `${set.label} loaded`)
  return true
}

/**
 * Loads the shipped classification titles and patent corpus on first start; later starts only read
 * two state rows. Servers starting together against one PostgreSQL take turns.
 */
export function ensureCorpusLoaded(database: Database, log: FastifyBaseLogger, dir = corpusDir) {
  return database.exclusive(async () => {
    await loadDataSet(database, titles, dir, log)
    if (await loadDataSet(database, corpusPatents, dir, log)) await corpusRepo.analyzePatents(database.db)
  })
}
