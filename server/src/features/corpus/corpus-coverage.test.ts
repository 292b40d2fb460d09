import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { type CorpusCoverage, coverageLine } from '@patentdesk/contract/corpus'
import { eq } from 'drizzle-orm'
import pino from 'pino'
import { describe, expect, it } from 'vitest'
import { corpusState, PATENTS_CHANGED, patents } from '~/db/schema'
import { importPatents } from '~/features/patents/importer'
import { buildTestApp } from '~/test/test-app'
import { cachedPerVersion } from './corpus-coverage.service'

const t = await buildTestApp()
const log = pino({ level: 'silent' })

type Patent = {
  reference: string
  country: string
  kind?: string | null
  publicationDate?: string | null
  filingDate?: string | null
}

const record = ({ reference, country, kind = null, publicationDate = null, filingDate = null }: Patent) =>
  JSON.stringify({
    reference,
    country,
    docNumber: reference.replace(/^[A-Z]+|[A-Z]\d?$/g, ''),
    kind,
    documentType: 'grant',
    title: `Patent ${reference}`,
    publicationDate,
    filingDate,
    source: 'test',
  })

/** Imports the patents as the CLI does, from a JSON Lines file: a load that changes the corpus version. */
async function importFile(records: Patent[]) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'patentdesk-coverage-'))
  const file = path.join(dir, 'patents.jsonl')
  fs.writeFileSync(file, `${records.map(record).join('\n')}\n`)
  const summary = await importPatents(t.database, file, { log })
  fs.rmSync(dir, { recursive: true, force: true })
  expect(summary).toMatchObject({ written: records.length, failed: 0 })
}

async function coverage() {
  const response = await t.request('GET', '/api/public/corpus')
  expect(response.statusCode).toBe(200)
  return response.json() as CorpusCoverage
}

async function lastImportStored() {
  const [row] = await t.database.db
    .select({ completedAt: corpusState.completedAt })
    .from(corpusState)
    .where(eq(corpusState.name, PATENTS_CHANGED))
  return row?.completedAt?.toISOString() ?? null
}

const first: Patent[] = [
  {
    reference: 'US1000001B2',
    country: 'US',
    kind: 'B2',
    publicationDate: '2005-03-01',
    filingDate: '2003-06-10',
  },
  {
    reference: 'US1000002B2',
    country: 'US',
    kind: 'B2',
    publicationDate: '2005-11-30',
    filingDate: '2004-01-15',
  },
  {
    reference: 'US1000003B2',
    country: 'US',
    kind: 'B2',
    publicationDate: '2012-06-05',
    filingDate: '2010-02-01',
  },
  {
    reference: 'US2012000004A1',
    country: 'US',
    kind: 'A1',
    publicationDate: '2012-01-19',
    filingDate: '2010-07-20',
  },
  {
    reference: 'US1000005B1',
    country: 'US',
    kind: 'B1',
    publicationDate: '2016-07-19',
    filingDate: '2012-03-03',
  },
  // No kind and no publication date but a filing date, as most of the shipped corpus.
  { reference: 'US1000006', country: 'US', filingDate: '1998-05-05' },
  // A publication date and no filing date.
  { reference: 'EP3000001A1', country: 'EP', kind: 'A1', publicationDate: '2021-04-07' },
]

describe('GET /api/public/corpus', () => {
  it('answers an empty corpus to anyone, no session needed', async () => {
    expect(await coverage()).toEqual({
      total: 0,
      offices: [],
      years: [],
      latestPublication: null,
      lastImport: null,
    })
  })

  it('counts the documents per office, kind, publication and filing year, the undated apart', async () => {
    await importFile(first)
    const answer = await coverage()
    expect(answer).toEqual({
      total: 7,
      offices: [
        {
          country: 'US',
          documents: 6,
          undated: 1,
          firstYear: 2005,
          lastYear: 2016,
          firstFiled: 1998,
          lastFiled: 2012,
          kinds: [
            { kind: 'B2', documents: 3 },
            { kind: 'A1', documents: 1 },
            { kind: 'B1', documents: 1 },
            { kind: null, documents: 1 },
          ],
        },
        {
          country: 'EP',
          documents: 1,
          undated: 0,
          firstYear: 2021,
          lastYear: 2021,
          firstFiled: null,
          lastFiled: null,
          kinds: [{ kind: 'A1', documents: 1 }],
        },
      ],
      years: [
        { country: 'US', year: 1998, published: 0, filed: 1 },
        { country: 'US', year: 2003, published: 0, filed: 1 },
        { country: 'US', year: 2004, published: 0, filed: 1 },
        { country: 'US', year: 2005, published: 2, filed: 0 },
        { country: 'US', year: 2010, published: 0, filed: 2 },
        { country: 'US', year: 2012, published: 2, filed: 1 },
        { country: 'US', year: 2016, published: 1, filed: 0 },
        { country: 'EP', year: 2021, published: 1, filed: 0 },
      ],
      latestPublication: '2021-04-07',
      lastImport: await lastImportStored(),
    })
    expect(answer.lastImport).not.toBeNull()
    expect(coverageLine(answer)).toBe(
      'Searches 6 US documents filed 1998–2012 (5 published 2005–2016) and 1 EP document published 2021.',
    )
  })

  it('is kept while the corpus version stays, and counted again after an import', async () => {
    const before = await coverage()
    // A row written behind the importer's back does not change the version: the kept answer stays.
    await t.database.db.insert(patents).values({
      reference: 'GB2000001A',
      country: 'GB',
      docNumber: '2000001',
      kind: 'A',
      documentType: 'application',
      title: 'Written without an import',
      publicationDate: '1999-12-31',
      source: 'test',
    })
    expect(await coverage()).toEqual(before)

    await importFile([
      {
        reference: 'EP3000002B1',
        country: 'EP',
        kind: 'B1',
        publicationDate: '2023-02-01',
        filingDate: '2021-09-09',
      },
      // An update of a patent already held: its new dates and kind move it between the counts.
      {
        reference: 'US1000006',
        country: 'US',
        kind: 'B2',
        publicationDate: '2005-08-09',
        filingDate: '2003-11-11',
      },
      // Neither a publication nor a filing date.
      { reference: 'WO2020000001A1', country: 'WO', kind: 'A1' },
    ])
    // Requests that arrive together get the same answer.
    const answers = await Promise.all(Array.from({ length: 5 }, coverage))
    const after = answers[0] as CorpusCoverage
    for (const answer of answers) expect(answer).toEqual(after)
    expect(after.lastImport).toBe(await lastImportStored())
    expect(after.lastImport).not.toBe(before.lastImport)
    expect(after.total).toBe(10)
    expect(
      after.offices.map((o) => [
        o.country,
        o.documents,
        o.undated,
        o.firstYear,
        o.lastYear,
        o.firstFiled,
        o.lastFiled,
      ]),
    ).toEqual([
      ['US', 6, 0, 2005, 2016, 2003, 2012],
      ['EP', 2, 0, 2021, 2023, 2021, 2021],
      ['GB', 1, 0, 1999, 1999, null, null],
      ['WO', 1, 1, null, null, null, null],
    ])
    expect(after.years).toEqual([
      { country: 'GB', year: 1999, published: 1, filed: 0 },
      { country: 'US', year: 2003, published: 0, filed: 2 },
      { country: 'US', year: 2004, published: 0, filed: 1 },
      { country: 'US', year: 2005, published: 3, filed: 0 },
      { country: 'US', year: 2010, published: 0, filed: 2 },
      { country: 'US', year: 2012, published: 2, filed: 1 },
      { country: 'US', year: 2016, published: 1, filed: 0 },
      { country: 'EP', year: 2021, published: 1, filed: 1 },
      { country: 'EP', year: 2023, published: 1, filed: 0 },
    ])
    expect(coverageLine(after)).toBe(
      'Searches 6 US documents published 2005–2016, 2 EP documents published 2021–2023, 1 GB document published ' +
        '1999 and 1 WO document without a date.',
    )
    expect(after.latestPublication).toBe('2023-02-01')
  })

  it('is in the OpenAPI document, public, under its own tag', async () => {
    const document = (await t.request('GET', '/api/openapi.json')).json() as {
      paths: Record<string, { get?: { tags?: string[]; security?: unknown } }>
    }
    const operation = document.paths['/api/public/corpus']?.get
    expect(operation?.tags).toEqual(['corpus'])
    expect(operation?.security).toBeUndefined()
  })
})

describe('cachedPerVersion', () => {
  /** A computation per call of compute, each answered when the test says so. */
  function counted() {
    let version = 'v1'
    const computed: { version: string; answer: (value: string) => void; fail: (error: Error) => void }[] = []
    const get = cachedPerVersion({
      version: async () => version,
      compute: (v) =>
        new Promise<string>((answer, fail) => {
          computed.push({ version: v, answer, fail })
        }),
    })
    return { get, computed, setVersion: (v: string) => (version = v) }
  }

  /** Until every call made so far has asked the version and started (or joined) a computation. */
  const settled = () => new Promise((resolve) => setImmediate(resolve))

  it('computes once for calls that arrive together, and not again while the version stays', async () => {
    const { get, computed } = counted()
    const calls = [get(), get(), get()]
    await settled()
    expect(computed).toHaveLength(1)
    computed[0]?.answer('answer of v1')
    expect(await Promise.all(calls)).toEqual(['answer of v1', 'answer of v1', 'answer of v1'])
    expect(await get()).toBe('answer of v1')
    expect(computed).toHaveLength(1)
  })

  it('computes again when the version changes', async () => {
    const { get, computed, setVersion } = counted()
    const one = get()
    await settled()
    computed[0]?.answer('answer of v1')
    expect(await one).toBe('answer of v1')
    setVersion('v2')
    const two = get()
    await settled()
    expect(computed.map((c) => c.version)).toEqual(['v1', 'v2'])
    computed[1]?.answer('answer of v2')
    expect(await two).toBe('answer of v2')
  })

  it('keeps no failure: the next call computes again', async () => {
    const { get, computed } = counted()
    const failing = get()
    await settled()
    computed[0]?.fail(new Error('database gone'))
    await expect(failing).rejects.toThrow('database gone')
    const retried = get()
    await settled()
    expect(computed).toHaveLength(2)
    computed[1]?.answer('answer of v1')
    expect(await retried).toBe('answer of v1')
  })
})
