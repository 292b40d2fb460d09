import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { eq, inArray, like } from 'drizzle-orm'
import pino from 'pino'
import { afterAll, describe, expect, it } from 'vitest'
import { patentChanges, patents } from '~/db/schema'
import { createTestDatabase } from '~/test/test-database'
import { importPatents } from './importer'

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

describe('importPatents', () => {
  it('writes good records, reports each bad one by line, and carries on', async () => {
    const errors: unknown[] = []
    const summary = await importPatents(
      database,
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

  it('journals each patent it writes new or changed, once: an unchanged record again adds nothing', async () => {
    const journal = async () =>
      (
        await database.db
          .select({ reference: patentChanges.reference, added: patentChanges.added })
          .from(patentChanges)
          .where(like(patentChanges.reference, 'ZZ8%'))
          .orderBy(patentChanges.seq)
      ).map((c) => `${c.reference} ${c.added ? 'new' : 'changed'}`)
    const lines = [record(80), record(81)]
    await importPatents(database, file('journal.jsonl', lines), { log })
    expect(await journal()).toEqual(['ZZ80 new', 'ZZ81 new'])
    // The same file again (a new path: a finished one would start afresh too), then one record changed.
    const again = await importPatents(database, file('journal.jsonl', lines), { log })
    expect(again).toMatchObject({ read: 2, written: 2 })
    expect(await journal()).toEqual(['ZZ80 new', 'ZZ81 new'])
    await importPatents(database, file('journal.jsonl', [record(80), record(81, { title: 'Widget 81b' })]), {
      log,
    })
    expect(await journal()).toEqual(['ZZ80 new', 'ZZ81 new', 'ZZ81 changed'])
  })

  it('reads gzip, and updates a reference that exists', async () => {
    const summary = await importPatents(
      database,
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

describe('importPatents by COPY', () => {
  it('stores every character as written: tabs, newlines, backslashes, quotes and braces in texts and lists', async () => {
    const tricky = 'Tab\there, newline\nthere, back\\slash \\N, "quotes", {braces}, comma, ünïcode ✓'
    const summary = await importPatents(
      database,
      file('tricky.jsonl', [
        record(40, {
          title: tricky,
          abstract: `${tricky}\r\nend`,
          claims: [tricky, 'A widget, comprising: "a lever"; {and} \\ a spring.', ''],
          applicants: ['O\'Brien "Widgets" Ltd', 'NULL'],
          family: [{ reference: 'GB1\t2', type: 'priority "x"', date: null }],
        }),
      ]),
      { log },
    )
    expect(summary).toMatchObject({ read: 1, written: 1, failed: 0 })
    const [stored] = await database.db.select().from(patents).where(eq(patents.reference, 'ZZ40'))
    expect(stored).toMatchObject({
      title: tricky,
      abstract: `${tricky}\r\nend`,
      claims: [tricky, 'A widget, comprising: "a lever"; {and} \\ a spring.', ''],
      applicants: ['O\'Brien "Widgets" Ltd', 'NULL'],
      family: [{ reference: 'GB1\t2', type: 'priority "x"', date: null }],
      description: null,
    })
  })

  it('leaves out only the rows PostgreSQL refuses, each named by its line, and writes the rest of their batch', async () => {
    const summary = await importPatents(
      database,
      file('refused.jsonl', [
        record(50),
        // A date of the right shape that does not exist: only PostgreSQL knows.
        record(51, { filingDate: '2016-02-31' }),
        // A NUL, which no PostgreSQL text can hold.
        record(53, { abstract: 'nul \u0000 here' }),
        record(52),
        record(52, { title: 'Widget 52, the last of two in one batch' }),
      ]),
      { log },
    )
    expect(summary).toMatchObject({ read: 5, written: 2, failed: 2 })
    expect(summary.errors).toEqual([
      { line: 2, reference: 'ZZ51', message: expect.stringMatching(/date\/time field value out of range/) },
      { line: 3, reference: 'ZZ53', message: expect.stringMatching(/0x00/) },
    ])
    const stored = await database.db
      .select()
      .from(patents)
      .where(inArray(patents.reference, ['ZZ50', 'ZZ51', 'ZZ52', 'ZZ53']))
    expect(stored.map((p) => [p.reference, p.title]).sort()).toEqual([
      ['ZZ50', 'Widget 50'],
      ['ZZ52', 'Widget 52, the last of two in one batch'],
    ])
  })

  it('resumes a run that stopped after its last written batch, and starts a finished file afresh', async () => {
    const lines = [record(60), record(61), record(62), record(63), '{oops', record(64), record(65)]
    const target = file('stopped.jsonl', lines)
    // The run stops at the bad record on line 5, as a crash would: lines 1-4 were written in two batches.
    const stop = () => {
      throw new Error('stopped')
    }
    await expect(importPatents(database, target, { log, batchSize: 2, onError: stop })).rejects.toThrow(
      'stopped',
    )
    const written = async () =>
      (
        await database.db
          .select({ reference: patents.reference })
          .from(patents)
          .where(like(patents.reference, 'ZZ6%'))
      )
        .map((p) => p.reference)
        .sort()
    expect(await written()).toEqual(['ZZ60', 'ZZ61', 'ZZ62', 'ZZ63'])

    const resumed = await importPatents(database, target, { log, batchSize: 2 })
    expect(resumed).toMatchObject({ resumedAfter: 4, read: 3, written: 2, failed: 1 })
    expect(resumed.errors).toEqual([{ line: 5, reference: undefined, message: 'not valid JSON' }])
    expect(await written()).toEqual(['ZZ60', 'ZZ61', 'ZZ62', 'ZZ63', 'ZZ64', 'ZZ65'])

    // Finished: the same file again is a new import (every reference updated), not a resumption.
    expect(await importPatents(database, target, { log, batchSize: 2 })).toMatchObject({
      resumedAfter: 0,
      read: 7,
      written: 6,
    })
  })
})

describe('USPTO full-text XML', () => {
  const fixture = path.join(import.meta.dirname, 'fixtures', 'uspto-grants.xml')

  it('reads every field of a grant, reports a document without a title, and carries on', async () => {
    const summary = await importPatents(database, fixture, { log })
    expect(summary).toMatchObject({ read: 3, written: 2, failed: 1 })
    expect(summary.errors).toEqual([
      { line: 124, reference: '09999992', message: 'US9999992B1: invention-title is missing' },
    ])
    const [grant] = await database.db.select().from(patents).where(eq(patents.reference, 'US9999991B2'))
    expect(grant).toMatchObject({
      title: 'Self-levelling tripod head with pendulum & clutch',
      kind: 'B2',
      documentType: 'grant',
      status: 'granted',
      applicationNumber: '15123456',
      applicationType: 'utility',
      filingDate: '2016-03-15',
      publicationDate: '2018-06-19',
      grantDate: '2018-06-19',
      priorityDate: '2015-03-16',
      applicants: ['Tripod Works Ltd'],
      assignees: ['Tripod Works Ltd'],
      inventors: ['Ada Lovelace'],
      ipc: ['F16M11/10'],
      cpc: ['F16M11/105'],
      citations: ['US5422489A'],
      family: [
        { reference: 'GB1504321.0', type: 'priority', date: '2015-03-16' },
        { reference: 'US62000001', type: 'provisional', date: '2015-03-20' },
      ],
      claims: [
        'A tripod head comprising: a pendulum; and a clutch that locks the pendulum.',
        'The tripod head of claim 1, wherein the clutch is a friction clutch.',
      ],
      abstract:
        'A tripod head levels itself: a pendulum swings to the vertical and a friction clutch then locks it.',
      description:
        'Camera supports on uneven ground tilt the camera.\n\nThe head described here corrects the tilt without tools.',
    })
    const [older] = await database.db.select().from(patents).where(eq(patents.reference, 'US9999993B2'))
    expect(older).toMatchObject({ inventors: ['Grace Hopper'], applicants: ['Grace Hopper'] })
  })

  it('reads the documents of a gzipped file one at a time', async () => {
    const gz = file('grants.xml.gz', [fs.readFileSync(fixture, 'utf8')], true)
    const summary = await importPatents(database, gz, { log })
    expect(summary).toMatchObject({ read: 3, written: 2, failed: 1 })
  })
})
