import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { eq } from 'drizzle-orm'
import pino from 'pino'
import { afterAll, describe, expect, it } from 'vitest'
import { patents } from '~/db/schema'
import { createTestDatabase } from '~/test/test-database'
import { importJsonLines } from './importer'

const database = await createTestDatabase()
afterAll(() => database.close())
const log = pino({ level: 'silent' })

const record = (n: number, extra: object = {}) =>
  JSON.stringify({
    reference: `ZZ${n}`,
    country: 'ZZ',
    docNumber: String(n),
    documentType: 'grant',
    title: `Widget ${n}`,
    source: 'test',
    ...extra,
  })

function file(name: string, lines: string[], gzip = false) {
  const target = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'patentdesk-import-')), name)
  const text = `${lines.join('\n')}\n`
  fs.writeFileSync(target, gzip ? zlib.gzipSync(text) : text)
  return target
}

describe('importJsonLines', () => {
  it('writes good records, reports each bad one by line, and carries on', async () => {
    const errors: unknown[] = []
    const summary = await importJsonLines(
      database.db,
      file('mixed.jsonl', [
        record(1),
        '{oops',
        record(2, { title: 7 }),
        '',
        record(3, { filingDate: '2020-1-1' }),
        record(4),
      ]),
      { log, onError: (e) => errors.push(e) },
    )
    expect(summary).toMatchObject({ read: 5, written: 2, failed: 3 })
    expect(summary.errors).toEqual([
      { line: 2, reference: undefined, message: 'not valid JSON' },
      { line: 3, reference: 'ZZ2', message: 'title: Invalid input: expected string, received number' },
      { line: 5, reference: 'ZZ3', message: 'filingDate: must be a date like 2016-07-19' },
    ])
    expect(errors).toHaveLength(3)
    const stored = await database.db.select({ reference: patents.reference }).from(patents)
    expect(stored.map((p) => p.reference).sort()).toEqual(['ZZ1', 'ZZ4'])
  })

  it('reads gzip, and updates a reference that exists', async () => {
    const summary = await importJsonLines(
      database.db,
      file('more.jsonl.gz', [record(1, { title: 'Widget renamed' }), record(5)], true),
      { log },
    )
    expect(summary).toMatchObject({ read: 2, written: 2, failed: 0 })
    const [renamed] = await database.db
      .select()
      .from(patents)
      .where((await import('drizzle-orm')).eq(patents.reference, 'ZZ1'))
    expect(renamed?.title).toBe('Widget renamed')
  })
})
