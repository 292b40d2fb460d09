import http from 'node:http'
import type { AddressInfo } from 'node:net'
import type { AnalysisResult } from '@patentdesk/contract/analysis'
import pino from 'pino'
import { afterAll, beforeEach, describe, expect, it } from 'vitest'
import { ensureCorpusLoaded } from '~/features/patents/corpus'
import { createEpoOpsSource } from '~/providers/patent-sources/epo-ops'
import { createSerpApiSource } from '~/providers/patent-sources/serpapi'
import { analysisRequest } from '~/test/analysis-form'
import { fixtureCorpus } from '~/test/small-corpus'
import { buildTestApp } from '~/test/test-app'
import { createLivePriorArt } from './live-prior-art'

/**
 * The live sources in the analysis, against doubles of SerpApi's Google Patents engines and the EPO's OPS
 * that answer in the shapes their documentation gives (organic_results; google_patents_details' abstract
 * and claims; OPS's biblio-search with exchange-documents), with errors as the services send them: a 429
 * with SerpApi's `error`, an OPS quota refusal's X-Rejection-Reason, and no answer at all. The patents in
 * them are made up for the test (this machine reaches neither service to record real ones).
 */
type Mode = 'answer' | 'quota' | 'silent'
let mode: Mode = 'answer'
const asked: URL[] = []

const hit = (number: string, title: string, priority: string) => ({
  position: 1,
  patent_id: `patent/${number}/en`,
  title,
  snippet: `${title}.`,
  priority_date: priority,
  filing_date: priority,
  publication_date: `${Number(priority.slice(0, 4)) + 2}${priority.slice(4)}`,
  assignee: 'Cycle Safety Ltd',
  publication_number: number,
  language: 'en',
})
const searchAnswer = {
  search_information: { total_results: 3 },
  organic_results: [
    hit('US9994567B2', 'Bicycle tail light that brightens as a motor vehicle approaches', '2014-05-02'),
    hit('EP3000001A1', 'Rear lamp for a cycle switched by a radar sensor', '2015-09-14'),
    hit('US11999999B2', 'Adaptive bicycle light', '2022-03-01'),
  ],
}
const pages: Record<string, { abstract: string; claims: string[] }> = {
  US9994567B2: {
    abstract:
      'A rear light for a bicycle has a radar sensor that detects a motor vehicle approaching from behind and a controller that raises the brightness of the lamp as the vehicle comes closer.',
    claims: [
      'A bicycle rear light comprising a lamp, a radar sensor facing rearwards that detects an approaching motor vehicle, and a controller that increases the brightness of the lamp as the distance to the vehicle decreases.',
      'The bicycle rear light of claim 1, wherein the lamp flashes when the vehicle is closer than ten metres.',
    ],
  },
  EP3000001A1: {
    abstract: 'A rear lamp for a cycle is switched on by a radar sensor when a car approaches.',
    claims: ['A cycle rear lamp with a radar sensor that switches the lamp on when a car approaches.'],
  },
}

const stub = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://stub')
  asked.push(url)
  const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers })
    res.end(JSON.stringify(body))
  }
  if (mode === 'silent') return // never answers: the analysis's budget ends the wait
  if (mode === 'quota') {
    if (url.pathname === '/search.json') return send(429, { error: 'Your account has run out of searches.' })
    return send(403, { error: 'quota' }, { 'x-rejection-reason': 'IndividualQuotaPerHour' })
  }
  if (url.pathname === '/search.json') {
    if (url.searchParams.get('engine') === 'google_patents') return send(200, searchAnswer)
    const number = /^patent\/(\w+)\/en$/.exec(url.searchParams.get('patent_id') ?? '')?.[1] ?? ''
    const page = pages[number]
    return page ? send(200, { title: number, publication_number: number, ...page }) : send(404, {})
  }
  if (url.pathname === '/auth/accesstoken')
    return send(200, { access_token: 'ops-token', token_type: 'BearerToken', expires_in: '1199' })
  if (url.pathname === '/rest-services/published-data/search/biblio')
    return send(200, {
      'ops:world-patent-data': {
        'ops:biblio-search': {
          '@total-result-count': '1',
          'ops:search-result': {
            'exchange-documents': {
              'exchange-document': {
                '@country': 'EP',
                '@doc-number': '2000002',
                '@kind': 'A1',
                'bibliographic-data': {
                  'publication-reference': {
                    'document-id': {
                      '@document-id-type': 'docdb',
                      country: { $: 'EP' },
                      'doc-number': { $: '2000002' },
                      kind: { $: 'A1' },
                      date: { $: '20120606' },
                    },
                  },
                  'application-reference': {
                    'document-id': {
                      '@document-id-type': 'epodoc',
                      'doc-number': { $: 'EP20110123456' },
                      date: { $: '20110301' },
                    },
                  },
                  'invention-title': { '@lang': 'en', $: 'Bicycle lamp dimmed by ambient light' },
                },
                abstract: {
                  '@lang': 'en',
                  p: { $: 'A bicycle lamp whose brightness follows the ambient light.' },
                },
              },
            },
          },
        },
      },
    })
  return send(404, {})
})
await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve))
const stubUrl = `http://127.0.0.1:${(stub.address() as AddressInfo).port}`
afterAll(() => new Promise((resolve) => stub.close(resolve)))
beforeEach(() => {
  mode = 'answer'
  asked.length = 0
})

const t = await buildTestApp({ env: { SERPAPI_KEY: 'serp-key', SERPAPI_URL: stubUrl } })
const corpus = await fixtureCorpus()
await ensureCorpusLoaded(t.database, pino({ level: 'silent' }), corpus.dir)
await t.services.priorArt.warm()

const bicycleLight = {
  title: 'Bicycle rear light that brightens when a car approaches',
  description:
    'A rear light for a bicycle watches the road behind with a radar sensor. When a car approaches from behind, the light becomes brighter and starts to flash, so that the driver sees the cyclist in time.',
  priorityDate: '2019-01-01',
}
const analyse = async (priorityDate = bicycleLight.priorityDate) => {
  const response = await t.app.inject(analysisRequest({ ...bicycleLight, priorityDate }))
  expect(response.statusCode, response.body).toBe(200)
  return response.json() as AnalysisResult
}

describe('live sources in the analysis', () => {
  it("ranks a source's patents with the corpus's, marks their source, charts them, and says so", async () => {
    const result = await analyse()
    const search = asked.find((url) => url.searchParams.get('engine') === 'google_patents')
    expect(search?.searchParams.get('before')).toBe('priority:20190101')
    expect(search?.searchParams.get('q')).toMatch(/bicycl/)
    const found = result.similarPatents.patents.filter((p) => p.source === 'serpapi').map((p) => p.reference)
    // The one with a priority after the date that counts is not prior art.
    expect(found.sort()).toEqual(['EP3000001A1', 'US9994567B2'])
    expect(result.similarPatents.patents[0]?.source).toBe('serpapi')
    expect(result.similarPatents.patents.some((p) => p.source === 'corpus')).toBe(true)
    const message =
      "Google Patents (SerpApi) was searched too: 2 of its patents were ranked with the corpus's."
    expect(result.sources).toEqual([{ name: 'serpapi', status: 'ok', message }])
    expect(result.notes).toContain(message)
    // Charted like the corpus's: quoted verbatim from the texts the source gave.
    const cited = result.searchReport?.citations.find((c) => c.reference === 'US9994567B2')
    const page = pages.US9994567B2 as (typeof pages)[string]
    expect(cited?.passages.length).toBeGreaterThan(0)
    for (const passage of cited?.passages ?? [])
      expect([page.abstract, ...page.claims].some((text) => text.includes(passage.text))).toBe(true)
  })

  it('answers from the corpus alone when the source refuses for its quota, and rests it an hour', async () => {
    mode = 'quota'
    // Another date: the source's answer to the first test's question is kept an hour, and would answer.
    const refused = await analyse('2018-06-01')
    expect(refused.sources[0]).toMatchObject({ name: 'serpapi', status: 'failed' })
    expect(refused.sources[0]?.message).toMatch(
      /^Google Patents \(SerpApi\) refused for its quota: only the corpus was searched, and it is not asked again before \d\d:\d\d\.$/,
    )
    expect(refused.similarPatents.patents.every((p) => p.source === 'corpus')).toBe(true)
    asked.length = 0
    const resting = await analyse('2018-06-02')
    expect(resting.sources[0]).toMatchObject({ name: 'serpapi', status: 'skipped' })
    expect(asked).toEqual([])
  })
})

describe('the sources asked directly', () => {
  const held = async () => new Set<string>()
  const weighed = {
    weights: new Map([
      ['bicycl', 5],
      ['light', 3],
      ['approach', 2],
    ]),
    words: new Map([
      ['bicycl', 'bicycle'],
      ['light', 'light'],
      ['approach', 'approaches'],
    ]),
    terms: new Map(),
    corpusSize: 1,
  }

  it('gives up on a source that does not answer within the budget, saying so', async () => {
    mode = 'silent'
    const serpApi = createSerpApiSource({ apiKey: 'k', baseUrl: stubUrl })
    const live = createLivePriorArt({ sources: [serpApi], held, budgetMs: 300 })
    const { visitors, statuses } = await live.draw(weighed, '2019-01-01')
    expect(visitors).toEqual([])
    expect(statuses).toEqual([
      {
        name: 'serpapi',
        status: 'failed',
        message: 'Google Patents (SerpApi) did not answer within 0 seconds: only the corpus was searched.',
      },
    ])
  })

  it("asks the EPO's OPS by title and abstract words, published before the date, in one request", async () => {
    const ops = createEpoOpsSource({ credentials: 'key:secret', baseUrl: stubUrl })
    const live = createLivePriorArt({ sources: [ops], held })
    const { visitors, statuses } = await live.draw(weighed, '2019-01-01')
    const search = asked.find((url) => url.pathname.endsWith('/search/biblio'))
    expect(search?.searchParams.get('q')).toBe('ta all "bicycle light approaches" and pd<20190101')
    expect(visitors).toMatchObject([
      {
        reference: 'EP2000002A1',
        source: 'epo',
        title: 'Bicycle lamp dimmed by ambient light',
        abstract: 'A bicycle lamp whose brightness follows the ambient light.',
      },
    ])
    expect(statuses[0]?.status).toBe('ok')
  })

  it('rests the EPO after a refusal its rejection reason names a quota', async () => {
    mode = 'quota'
    const ops = createEpoOpsSource({ credentials: 'key:secret', baseUrl: stubUrl })
    const live = createLivePriorArt({ sources: [ops], held })
    const { statuses } = await live.draw(weighed, '2019-01-01')
    expect(statuses[0]).toMatchObject({ name: 'epo', status: 'failed' })
    expect(statuses[0]?.message).toMatch(/^EPO Open Patent Services refused for its quota/)
    expect((await live.draw(weighed, '2019-01-01')).statuses[0]?.status).toBe('skipped')
  })
})
