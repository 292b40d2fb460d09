import { patentMessages } from '@patentdesk/contract/patents'
import { queryMessages } from '@patentdesk/contract/search-query'
import pino from 'pino'
import { beforeAll, describe, expect, it } from 'vitest'
import { patents } from '~/db/schema'
import { fixtureCorpus } from '~/test/small-corpus'
import { buildTestApp, json } from '~/test/test-app'
import { ensureCorpusLoaded } from './corpus'
import { analyzePatents } from './corpus.repo'

// Real patents: the fixture corpus (415 records of the shipped corpus, each query's answers among them),
// loaded once for this file. Search over all 47,000 is timed by `npm run bench:search`.
const t = await buildTestApp()
const corpus = await fixtureCorpus()
await ensureCorpusLoaded(t.database, pino({ level: 'silent' }), corpus.dir)
// As the server does before it listens: the index is built before the first query.
await t.services.priorArt.warm()

type Hit = {
  reference: string
  title: string
  filingDate: string | null
  applicants: string[]
  cpc: string[]
}
type Result = { totalResults: number; patents: Hit[]; source: string; sources: unknown[] }

async function search(params: Record<string, string | number>) {
  const query = new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]))
  const response = await t.request('GET', `/api/public/serpapi/patents?${query}`)
  expect(response.statusCode, response.body).toBe(200)
  return response.json() as Result
}

/** Everything the index holds of a patent, lower-cased. */
async function textOf(reference: string) {
  const d = (await t.request('GET', `/api/public/patents/details/${reference}`)).json() as Record<
    string,
    unknown
  >
  return [d.title, d.abstract, ...(d.claims as string[]), d.description].join(' ').toLowerCase()
}

describe('search on real patents', () => {
  it.each([
    ['Bradykinin analogs as selective inhibitors of cell activation', 'US6982249B1'],
    ['Watertight door hinge support', 'US7441308'],
    ['Cloud based activity monitor for bicycles and application', 'US9157742'],
  ])('finds "%s" first by its exact title', async (title, reference) => {
    const result = await search({ q: title })
    expect(result.patents[0]?.reference).toBe(reference)
    expect(result).toMatchObject({ source: 'local', sources: [{ name: 'local', status: 'ok' }] })
  })

  it('all words must match (AND)', async () => {
    const result = await search({ q: 'bicycle tracker', num: 20 })
    expect(result.totalResults).toBeGreaterThan(0)
    expect(result.totalResults).toBeLessThan((await search({ q: 'bicycle' })).totalResults)
    for (const hit of result.patents) {
      const text = await textOf(hit.reference)
      expect(text).toMatch(/bicycl/)
      expect(text).toMatch(/track/)
    }
  })

  it('"exact phrase" keeps the words together', async () => {
    const phrase = await search({ q: '"neural network"', num: 20 })
    const words = await search({ q: 'neural network' })
    expect(phrase.totalResults).toBeGreaterThan(0)
    expect(phrase.totalResults).toBeLessThan(words.totalResults)
    for (const hit of phrase.patents) expect(await textOf(hit.reference)).toMatch(/neural[\s-]+network/)
  })

  it('OR widens and -word excludes', async () => {
    const [bicycle, tricycle, either] = await Promise.all([
      search({ q: 'bicycle' }),
      search({ q: 'tricycle' }),
      search({ q: 'bicycle OR tricycle' }),
    ])
    expect(either.totalResults).toBeGreaterThanOrEqual(Math.max(bicycle.totalResults, tricycle.totalResults))
    expect(either.totalResults).toBeLessThanOrEqual(bicycle.totalResults + tricycle.totalResults)
    const withCloud = await search({ q: 'bicycle cloud' })
    const withoutCloud = await search({ q: 'bicycle -cloud', num: 50 })
    expect(withoutCloud.totalResults).toBe(bicycle.totalResults - withCloud.totalResults)
    expect(withoutCloud.patents.map((p) => p.reference)).not.toContain('US9157742')
    const exclusionBindsToAll = await search({ q: 'hinge OR latch -door', num: 100 })
    expect(exclusionBindsToAll.patents.map((p) => p.reference)).not.toContain('US7441308')
  })

  it('meets American spellings with British ones and the other way round', async () => {
    for (const [british, american] of [
      ['colour', 'color'],
      ['fibre', 'fiber'],
    ] as const) {
      const [uk, us] = await Promise.all([
        search({ q: british, num: 100 }),
        search({ q: american, num: 100 }),
      ])
      expect(uk.totalResults).toBeGreaterThan(0)
      expect(uk.patents.map((p) => p.reference)).toEqual(us.patents.map((p) => p.reference))
    }
  })

  it('answers the syntax of Google Patents: fields, proximity and truncation', async () => {
    const titled = await search({ q: 'TI=(bicycle OR bicycles)', num: 100 })
    expect(titled.totalResults).toBeGreaterThan(0)
    for (const hit of titled.patents) expect(hit.title.toLowerCase()).toMatch(/bicycle/)
    const truncated = await search({ q: 'bicycl*', num: 100 })
    expect(truncated.totalResults).toBeGreaterThanOrEqual(titled.totalResults)
  })

  it('finds the patents that cite a reference with CT=, however the reference is written', async () => {
    const citing = await search({ q: 'CT=US4585757', num: 100 })
    expect(citing.patents.map((p) => p.reference)).toContain('US6982249B1')
    expect((await search({ q: 'CT=US4585757A', num: 100 })).totalResults).toBe(citing.totalResults)
  })

  it('refuses a query it cannot read with the message and the place', async () => {
    const bad = await t.request('GET', '/api/public/serpapi/patents?q=(battery%20OR%20separator')
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toMatchObject({
      fields: { q: `${queryMessages.unclosedParenthesis} (at character 1)` },
    })
    const near = await t.request('GET', '/api/public/serpapi/patents?q=battery%20NEAR/0%20separator')
    expect(near.json().fields.q).toBe(`${queryMessages.distance('NEAR')} (at character 9)`)
  })

  it('keeps WITH to one sentence and SAME to one paragraph', async () => {
    const [sentence, paragraph, anywhere] = await Promise.all(
      ['WITH', 'SAME', 'AND'].map(async (op) => (await search({ q: `battery ${op} cell` })).totalResults),
    )
    expect(sentence).toBeGreaterThan(0)
    expect(sentence).toBeLessThan(paragraph as number)
    expect(paragraph).toBeLessThanOrEqual(anywhere as number)
  })

  it('marks the matched words in the snippet', async () => {
    const [hit] = (await search({ q: 'hinge' })).patents as Array<Hit & { snippet: string }>
    expect(hit?.snippet).toMatch(/<mark>hinges?<\/mark>/i)
  })

  it('filters by filing date, classification prefix and applicant', async () => {
    const dated = await search({ q: 'battery', from: '2012-01-01', to: '2012-12-31', num: 50 })
    expect(dated.totalResults).toBeGreaterThan(0)
    for (const hit of dated.patents) expect(hit.filingDate).toMatch(/^2012-/)

    const classified = await search({ q: 'method', cpc: 'C07K' })
    expect(classified.totalResults).toBeGreaterThan(0)
    const detail = (
      await t.request('GET', `/api/public/patents/details/${classified.patents[0]?.reference}`)
    ).json() as {
      cpc: string[]
      ipc: string[]
    }
    expect([...detail.cpc, ...detail.ipc].some((code) => code.startsWith('C07K'))).toBe(true)

    const byApplicant = await search({ q: 'processor', applicant: 'qualcomm', num: 50 })
    expect(byApplicant.totalResults).toBeGreaterThan(0)
    for (const hit of byApplicant.patents)
      expect(hit.applicants.join(' ').toLowerCase()).toContain('qualcomm')
    expect((await search({ q: 'processor', applicant: 'zzqx nonexistent' })).totalResults).toBe(0)
    expect((await search({ q: 'processor', applicant: '%_' })).totalResults).toBe(0)
  })

  it('pages through results without overlap', async () => {
    const first = await search({ q: 'vehicle', num: 5, page: 1 })
    const second = await search({ q: 'vehicle', num: 5, page: 2 })
    expect(second.totalResults).toBe(first.totalResults)
    expect(first.patents).toHaveLength(5)
    const overlap = second.patents.filter((p) => first.patents.some((f) => f.reference === p.reference))
    expect(overlap).toEqual([])
    const beyond = await search({ q: 'vehicle', num: 100, page: 1000 })
    expect(beyond).toMatchObject({ totalResults: first.totalResults, patents: [] })
  })

  it('answers a query of stop words only with no results, not an error', async () => {
    expect((await search({ q: 'the of and' })).totalResults).toBe(0)
  })

  it.each([
    [{ q: '' }, 'q'],
    [{ q: 'x', page: 'abc' }, 'page'],
    [{ q: 'x', num: 1000 }, 'num'],
    [{ q: 'x', from: '2020-13' }, 'from'],
    [{ q: 'x', cpc: '!!' }, 'cpc'],
    [{ q: 'x'.repeat(501) }, 'q'],
    [{ q: 'x', sort: 'newest' }, 'sort'],
    [{ q: 'x', dateType: 'grant' }, 'dateType'],
    [{ q: 'x', dups: 'language' }, 'dups'],
  ])('refuses malformed parameters %o with a 400 naming the field', async (params, field) => {
    const query = new URLSearchParams(
      Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]),
    )
    const response = await t.request('GET', `/api/public/serpapi/patents?${query}`)
    expect(response.statusCode).toBe(400)
    expect(json(response).fields).toHaveProperty(field)
  })
})

describe('details', () => {
  it('answers every field of a full record, with classification titles read under their parents', async () => {
    const response = await t.request('GET', '/api/public/patents/details/US6982249B1')
    const detail = response.json() as Record<string, unknown>
    expect(detail).toMatchObject({
      reference: 'US6982249B1',
      status: 'granted',
      filingDate: '1998-04-21',
      priority: '1997-04-23',
      inventors: ['Alvin H. Schmaier', 'Ahmed A. K. Hasan'],
      ipc: ['C07K5/09', 'C07K7/00'],
    })
    expect((detail.claims as string[]).length).toBe(12)
    expect(detail.family).toContainEqual({
      reference: 'US60046085',
      type: 'provisional',
      date: '1997-04-23',
      held: false,
    })
    const [first] = detail.classifications as Array<{ code: string; title: string; path: { code: string }[] }>
    expect(first?.code).toBe('C07K5/09')
    expect(first?.path.map((p) => p.code)[0]).toBe('C07K')
    expect(first?.title).toBeTruthy()
    const same = await t.request('GET', '/api/public/serpapi/patents/us6982249b1')
    expect(same.json()).toEqual(detail)
  })

  it('answers a sparse record with empty lists, never invented data', async () => {
    const detail = (await t.request('GET', '/api/public/patents/details/US7441308')).json()
    expect(detail).toMatchObject({
      claims: [],
      family: [],
      cpc: [],
      ipc: [],
      classifications: [],
      inventors: [],
      grantDate: null,
    })
  })

  it('finds a document by its number without the kind code, and 404s an unknown one', async () => {
    const byNumber = (await t.request('GET', '/api/public/patents/details/US6982249')).json() as {
      reference: string
    }
    expect(byNumber.reference).toBe('US6982249B1')
    for (const written of ['US9157742B2', 'us9157742b2', 'US 9,157,742 B2', 'US9,157,742']) {
      const response = await t.request('GET', `/api/public/patents/details/${encodeURIComponent(written)}`)
      expect(response.statusCode, written).toBe(200)
      expect((response.json() as { reference: string }).reference).toBe('US9157742')
    }
    const missing = await t.request('GET', '/api/public/patents/details/US0000001')
    expect(missing.statusCode).toBe(404)
    expect(json(missing).message).toBe(patentMessages.notFound)
    expect((await t.request('GET', '/api/public/patents/details/%3Cscript%3E')).statusCode).toBe(400)
  })
})

describe('similarity', () => {
  it('is symmetric, 100 on the diagonal, high for near-duplicates and low for unrelated patents', async () => {
    const response = await t.request(
      'GET',
      '/api/public/patents/similarity?refs=US9157742,US9194955,US6982249B1',
    )
    const { matrix, sharedTerms, patents } = response.json() as {
      matrix: number[][]
      sharedTerms: Record<string, string[]>
      patents: { reference: string }[]
    }
    expect(patents.map((p) => p.reference)).toEqual(['US9157742', 'US9194955', 'US6982249B1'])
    for (let i = 0; i < 3; i++) {
      expect(matrix[i]?.[i]).toBe(100)
      for (let j = 0; j < 3; j++) expect(matrix[i]?.[j]).toBe(matrix[j]?.[i])
    }
    expect(matrix[0]?.[1]).toBeGreaterThan(60)
    expect(matrix[0]?.[2]).toBeLessThan(15)
    expect(sharedTerms['0-1']).toContain('bicycle')
    const written = await t.request(
      'GET',
      `/api/public/patents/similarity?refs=${encodeURIComponent('US9157742B2,US 9,194,955 B1,US6982249')}`,
    )
    expect(written.json()).toEqual(response.json())
  })

  it('needs two to ten known references', async () => {
    const one = await t.request('GET', '/api/public/patents/similarity?refs=US9157742')
    expect(one.statusCode).toBe(400)
    expect(json(one).fields).toEqual({ refs: patentMessages.compareMin })
    const unknown = await t.request('GET', '/api/public/patents/similarity?refs=US9157742,US0000001')
    expect(unknown.statusCode).toBe(404)
  })
})

describe('results by date, one per family, and their export', () => {
  // An invention published twice (A1, B1), a later application naming it in its family, and another.
  const ornithopter = (reference: string, publicationDate: string, extra: Record<string, unknown> = {}) => ({
    reference,
    country: 'XX',
    docNumber: reference.slice(2, -2),
    documentType: 'patent',
    title: 'Ornithopter with a flapping wing',
    abstract: 'An ornithopter whose membrane wing is flapped by a piezoelectric bimorph.',
    filingDate: '2018-01-01',
    publicationDate,
    source: 'test',
    ...extra,
  })
  const family = [
    ornithopter('XX10B1', '2021-03-03'),
    ornithopter('XX10A1', '2019-07-07', { filingDate: '2018-02-02' }),
    ornithopter('XX11A1', '2022-01-01', {
      family: [{ reference: 'XX10A1', type: 'continuation-parent', date: '2018-02-02' }],
    }),
    ornithopter('XX12A1', '2020-05-05', { title: '=HYPERLINK("http://evil") ornithopter', filingDate: null }),
  ]
  beforeAll(async () => {
    await t.database.db.insert(patents).values(family)
    await analyzePatents(t.database.db)
    await t.services.priorArt.refresh()
  })

  it('sorts by the chosen date, newest or oldest first', async () => {
    const oldest = await search({ q: 'ornithopter', sort: 'old', dateType: 'publication' })
    expect(oldest.patents.map((p) => p.reference)).toEqual(['XX10A1', 'XX12A1', 'XX10B1', 'XX11A1'])
    const newest = await search({ q: 'ornithopter', sort: 'new', dateType: 'filing' })
    // Newest first is oldest first reversed, ties too; those without the date come last either way.
    expect(newest.patents.map((p) => p.reference)).toEqual(['XX10A1', 'XX11A1', 'XX10B1', 'XX12A1'])
    const filed = await search({ q: 'battery', sort: 'new', dateType: 'filing', num: 50 })
    const dates = filed.patents.map((p) => p.filingDate ?? '')
    expect(dates).toEqual([...dates].sort().reverse())
  })

  it('shows one patent per family, the earliest published, with the count of the others found', async () => {
    const collapsed = await search({ q: 'ornithopter', dups: 'family' })
    expect(collapsed.totalResults).toBe(2)
    expect(collapsed.patents).toEqual([
      expect.objectContaining({ reference: 'XX10A1', familyOthers: 2 }),
      expect.objectContaining({ reference: 'XX12A1', familyOthers: 0 }),
    ])
  })

  it('exports the results as CSV with the search and its time, formulas kept as text', async () => {
    const response = await t.request(
      'GET',
      '/api/public/serpapi/patents.csv?q=ornithopter&sort=old&dateType=publication',
    )
    expect(response.statusCode, response.body).toBe(200)
    expect(response.headers['content-type']).toMatch(/^text\/csv/)
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="patent-search.csv"/)
    const lines = response.body.replace(/^\uFEFF/, '').split('\r\n')
    expect(lines[0]).toMatch(
      /^search URL:,http:\/\/[^,]+\/search\?q=ornithopter&sort=old&dateType=publication$/,
    )
    expect(lines[1]).toMatch(/^searched at:,\d{4}-\d\d-\d\dT/)
    expect(lines[2]).toBe('results:,4; the first 4 here')
    expect(lines[3]).toBe(
      'reference,title,applicants,inventors,priority date,filing date,publication date,grant date,CPC,link,score',
    )
    expect(lines.slice(4, 8).map((line) => line.split(',')[0])).toEqual([
      'XX10A1',
      'XX12A1',
      'XX10B1',
      'XX11A1',
    ])
    expect(lines[5]).toContain(`"'=HYPERLINK(""http://evil"") ornithopter"`)
    expect(lines[4]).toMatch(/,2019-07-07,,,http:\/\/[^,]+\/patent-details\/XX10A1,\d+\.\d{3}$/)
  })

  it('refuses what the search refuses, and paging, which an export has none of', async () => {
    const bad = await t.request('GET', '/api/public/serpapi/patents.csv?q=(ornithopter')
    expect(bad.statusCode).toBe(400)
    expect(json(bad).fields).toHaveProperty('q')
    const paged = await t.request('GET', '/api/public/serpapi/patents.csv?q=ornithopter&page=2')
    expect(paged.statusCode).toBe(400)
  })
})
