import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import pino from 'pino'
import { afterAll, describe, expect, it } from 'vitest'
import { corpusState, patents } from '~/db/schema'
import { createTestDatabase } from '~/test/test-database'
import { corpusDir, ensureCorpusLoaded } from './corpus'
import { saveCorpusState } from './corpus.repo'
import { readLines } from './line-reader'

const log = pino({ level: 'silent' })

/** A small corpus folder: the first three real records, one broken line, and a few titles. */
async function smallCorpus() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'patentdesk-corpus-'))
  const records: string[] = []
  for await (const line of readLines(path.join(corpusDir, 'patents.jsonl.gz'))) {
    records.push(line.text)
    if (records.length === 3) break
  }
  const lines = [records[0], records[1], '{"reference": "US1", "title": 42}', records[2]]
  fs.writeFileSync(path.join(dir, 'patents.jsonl.gz'), zlib.gzipSync(`${lines.join('\n')}\n`))
  fs.writeFileSync(
    path.join(dir, 'classification-titles.tsv.gz'),
    zlib.gzipSync('code\ttitle\tsource\nA\tHUMAN NECESSITIES\tIPC\nA01\tAGRICULTURE\tIPC\n'),
  )
  return { dir, references: records.map((r) => JSON.parse(r as string).reference as string) }
}

const databases: Awaited<ReturnType<typeof createTestDatabase>>[] = []
afterAll(async () => {
  for (const database of databases) await database.close()
})

async function freshDatabase() {
  const database = await createTestDatabase()
  databases.push(database)
  return database
}

describe('corpus loading', () => {
  it('loads every good record, skips a bad one, and a second start loads nothing', async () => {
    const { dir, references } = await smallCorpus()
    const database = await freshDatabase()
    await ensureCorpusLoaded(database, log, dir)
    const loaded = await database.db.select({ reference: patents.reference }).from(patents)
    expect(loaded.map((p) => p.reference).sort()).toEqual([...references].sort())
    const states = await database.db.select().from(corpusState)
    expect(states.every((s) => s.completedAt !== null)).toBe(true)
    await database.db.delete(patents)
    await ensureCorpusLoaded(database, log, dir)
    expect(await database.db.$count(patents)).toBe(0)
  })

  it('resumes after the last committed batch', async () => {
    const { dir, references } = await smallCorpus()
    const database = await freshDatabase()
    await saveCorpusState(database.db, 'patents', 1, false)
    await ensureCorpusLoaded(database, log, dir)
    const loaded = await database.db.select({ reference: patents.reference }).from(patents)
    expect(loaded.map((p) => p.reference).sort()).toEqual(references.slice(1).sort())
  })
})
