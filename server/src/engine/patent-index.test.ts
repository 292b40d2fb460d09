import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { analysisMessages } from '@patentdesk/contract/analysis'
import pino from 'pino'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { patents } from '~/db/schema'
import { ensureCorpusLoaded } from '~/features/patents/corpus'
import { analyzePatents } from '~/features/patents/corpus.repo'
import { firstRecordsCorpus } from '~/test/small-corpus'
import { createTestDatabase } from '~/test/test-database'
import { createPriorArtIndex } from './patent-index'

const database = await createTestDatabase()
const corpus = await firstRecordsCorpus(300)
await ensureCorpusLoaded(database, pino({ level: 'silent' }), corpus.dir)
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'patentdesk-index-'))
const index = createPriorArtIndex({ db: database.db, dir, checkEveryMs: 0 })
afterAll(async () => {
  await index.close()
  await database.close()
  fs.rmSync(dir, { recursive: true, force: true })
})

// What every adapter does is in prior-art-index.contract.test.ts; this is the index file's own.
describe('the prior-art index of index files and threads', () => {
  it('rebuilds once a load or import changed the patents, answering from the old index meanwhile', async () => {
    const query = 'an ornithopter flapping membrane wing driven by a piezoelectric bimorph'
    expect((await index.candidates(query))[0]?.reference).not.toBe('XX1A1')
    await database.db.insert(patents).values({
      reference: 'XX1A1',
      country: 'XX',
      docNumber: '1',
      documentType: 'patent',
      title: 'Ornithopter with piezoelectric bimorph wing',
      abstract: 'A flapping membrane wing driven by a piezoelectric bimorph.',
      source: 'test',
    })
    await analyzePatents(database.db)
    await vi.waitFor(async () => expect((await index.candidates(query))[0]?.reference).toBe('XX1A1'), {
      timeout: 20_000,
      interval: 200,
    })
  })

  it('percolates saved queries through the patents named in a file of its own, gone after, as a stale one is', async () => {
    const stale = path.join(dir, 'percolate-left-by-a-crash.percolate')
    const fresh = path.join(dir, 'percolate-of-another-run.percolate')
    for (const file of [stale, fresh]) fs.writeFileSync(file, 'half-written')
    const hourAgo = new Date(Date.now() - 3_700_000)
    fs.utimesSync(stale, hourAgo, hourAgo)
    const matched = await index.percolate(
      ['XX1A1', 'XX2A1'],
      [
        { id: 1, q: 'ornithopter', filters: {} },
        { id: 2, q: 'TI=(piezoelectric)', filters: { from: '2030-01-01' } },
      ],
    )
    expect(matched).toEqual([{ id: 1, references: ['XX1A1'] }])
    expect(fs.readdirSync(dir).filter((name) => name.startsWith('percolate-'))).toEqual([
      path.basename(fresh),
    ])
  })

  it('answers 503 when its thread cannot start, rather than waiting for ever', async () => {
    const broken = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'patentdesk-worker-')), 'worker.mjs')
    fs.writeFileSync(broken, "throw new Error('no index here')\n")
    const failing = createPriorArtIndex({ db: database.db, dir, worker: pathToFileURL(broken) })
    try {
      await expect(failing.candidates('a pendulum')).rejects.toMatchObject({
        code: 'UNAVAILABLE',
        message: analysisMessages.indexUnavailable,
      })
    } finally {
      await failing.close()
    }
  })
})
