import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, describe, expect, it } from 'vitest'
import { insertPatents } from '~/features/patents/corpus.repo'
import { buildTestApp } from '~/test/test-app'

/** Answers as SerpApi and EPO OPS document their responses; records what it was asked. */
const requests: { method: string; url: URL; authorization?: string }[] = []
let serpApiFails = false

const serpSearch = {
  search_information: { total_results: 1234 },
  organic_results: [
    {
      position: 1,
      patent_id: 'patent/US11234567B2/en',
      title: 'Self-levelling camera mount',
      snippet: 'A camera mount that levels itself with a pendulum.',
      priority_date: '2019-01-02',
      filing_date: '2019-06-01',
      grant_date: '2022-02-01',
      publication_date: '2022-02-01',
      inventor: 'Ada Lovelace',
      assignee: 'Acme Optics Ltd',
      publication_number: 'US11234567B2',
      language: 'en',
    },
  ],
}

const opsBiblio = {
  'ops:world-patent-data': {
    'exchange-documents': {
      'exchange-document': {
        '@country': 'EP',
        '@doc-number': '1000000',
        '@kind': 'A1',
        'bibliographic-data': {
          'publication-reference': {
            'document-id': [
              {
                '@document-id-type': 'docdb',
                country: { $: 'EP' },
                'doc-number': { $: '1000000' },
                kind: { $: 'A1' },
                date: { $: '20000517' },
              },
              { '@document-id-type': 'epodoc', 'doc-number': { $: 'EP1000000' }, date: { $: '20000517' } },
            ],
          },
          'application-reference': {
            'document-id': [
              {
                '@document-id-type': 'epodoc',
                'doc-number': { $: 'EP19990203729' },
                date: { $: '19991108' },
              },
            ],
          },
          'priority-claims': {
            'priority-claim': [
              {
                'document-id': {
                  '@document-id-type': 'epodoc',
                  'doc-number': { $: 'NL19981010536' },
                  date: { $: '19981110' },
                },
              },
            ],
          },
          parties: {
            applicants: {
              applicant: [
                { '@data-format': 'epodoc', 'applicant-name': { name: { $: 'VAN DEN BERG BV [NL]' } } },
                { '@data-format': 'original', 'applicant-name': { name: { $: 'Van den Berg B.V.' } } },
              ],
            },
            inventors: {
              inventor: { '@data-format': 'epodoc', 'inventor-name': { name: { $: 'JANSEN PIETER [NL]' } } },
            },
          },
          'invention-title': [
            { '@lang': 'de', $: 'Vorrichtung zum Herstellen' },
            { '@lang': 'en', $: 'Apparatus for manufacturing green bricks' },
          ],
          'patent-classifications': {
            'patent-classification': {
              'classification-scheme': { '@scheme': 'CPCI' },
              section: { $: 'B' },
              class: { $: '28' },
              subclass: { $: 'B' },
              'main-group': { $: '7' },
              subgroup: { $: '36' },
            },
          },
          'classifications-ipcr': {
            'classification-ipcr': { text: { $: 'B28B   7/36        20060101AFI20051220RMEP' } },
          },
        },
        abstract: { '@lang': 'en', p: { $: 'An apparatus for making green bricks from clay.' } },
      },
    },
  },
}

const opsFamily = {
  'ops:world-patent-data': {
    'ops:patent-family': {
      'ops:family-member': [
        {
          'publication-reference': {
            'document-id': {
              '@document-id-type': 'docdb',
              country: { $: 'US' },
              'doc-number': { $: '7000001' },
              kind: { $: 'A' },
              date: { $: '20010101' },
            },
          },
        },
        {
          'publication-reference': {
            'document-id': {
              '@document-id-type': 'docdb',
              country: { $: 'NL' },
              'doc-number': { $: '1010536' },
              kind: { $: 'C2' },
              date: { $: '20000516' },
            },
          },
        },
      ],
    },
  },
}

const stub = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://stub')
  requests.push({ method: req.method ?? 'GET', url, authorization: req.headers.authorization })
  const send = (status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' })
    res.end(JSON.stringify(body))
  }
  if (url.pathname === '/search.json') {
    if (serpApiFails) return send(500, { error: 'Internal error' })
    if (url.searchParams.get('engine') === 'google_patents') return send(200, serpSearch)
    return send(404, { error: 'not found' })
  }
  if (url.pathname === '/auth/accesstoken' && req.method === 'POST') {
    return send(200, { access_token: 'ops-token', token_type: 'BearerToken', expires_in: '1199' })
  }
  if (req.headers.authorization !== 'Bearer ops-token') return send(401, { error: 'invalid token' })
  if (url.pathname === '/rest-services/published-data/publication/epodoc/EP1000000/biblio')
    return send(200, opsBiblio)
  if (url.pathname.startsWith('/rest-services/family/publication/epodoc/')) return send(200, opsFamily)
  return send(404, { error: 'not found' })
})
await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve))
const stubUrl = `http://127.0.0.1:${(stub.address() as AddressInfo).port}`
afterAll(() => new Promise((resolve) => stub.close(resolve)))

const t = await buildTestApp({
  env: {
    SERPAPI_KEY: 'serp-key',
    SERPAPI_URL: stubUrl,
    EPO_OPS_API: 'ops-key:ops-secret',
    EPO_OPS_URL: stubUrl,
  },
})
await insertPatents(
  t.database.db,
  [
    {
      reference: 'US7441308',
      country: 'US',
      docNumber: '7441308',
      documentType: 'grant',
      title: 'Watertight door hinge support',
      abstract: 'A hinge support for a watertight door.',
      source: 'USPTO',
    },
  ],
  'skip',
)

const get = (url: string) => t.request('GET', url)

describe('external patent sources', () => {
  it('search asks SerpApi first and maps its answer', async () => {
    serpApiFails = false
    const result = (await get('/api/public/serpapi/patents?q=camera%20mount&from=2019-01-01')).json()
    expect(result).toMatchObject({
      source: 'serpapi',
      totalResults: 1234,
      sources: [{ name: 'serpapi', status: 'ok' }],
      patents: [
        {
          reference: 'US11234567B2',
          title: 'Self-levelling camera mount',
          applicants: ['Acme Optics Ltd'],
          filingDate: '2019-06-01',
        },
      ],
    })
    const asked = requests.findLast((r) => r.url.pathname === '/search.json')?.url.searchParams
    expect(Object.fromEntries(asked ?? [])).toMatchObject({
      engine: 'google_patents',
      q: 'camera mount',
      api_key: 'serp-key',
      after: 'filing:20190101',
    })
  })

  it('falls back to the local corpus when SerpApi fails, and says so', async () => {
    serpApiFails = true
    const result = (await get('/api/public/serpapi/patents?q=hinge')).json()
    expect(result).toMatchObject({
      source: 'local',
      sources: [
        { name: 'serpapi', status: 'failed', message: 'SerpApi answered 500: Internal error' },
        { name: 'local', status: 'ok' },
      ],
      patents: [{ reference: 'US7441308' }],
    })
  })

  it.each([
    ['classification-filtered', 'cpc=E05D'],
    ['date-sorted', 'sort=new'],
    ['family-collapsed', 'dups=family'],
  ])('answers %s searches locally without asking SerpApi', async (_, params) => {
    serpApiFails = false
    const before = requests.length
    const result = (await get(`/api/public/serpapi/patents?q=hinge&${params}`)).json()
    expect(result).toMatchObject({
      source: 'local',
      sources: [
        { name: 'serpapi', status: 'skipped' },
        { name: 'local', status: 'ok' },
      ],
    })
    expect(requests.slice(before).filter((r) => r.url.pathname === '/search.json')).toEqual([])
  })

  it('serves details the corpus lacks from EPO OPS, after a client-credentials token', async () => {
    const detail = (await get('/api/public/patents/details/EP1000000A1')).json()
    expect(detail).toMatchObject({
      reference: 'EP1000000A1',
      title: 'Apparatus for manufacturing green bricks',
      source: 'EPO Open Patent Services',
      abstract: 'An apparatus for making green bricks from clay.',
      publicationDate: '2000-05-17',
      filingDate: '1999-11-08',
      priority: '1998-11-10',
      applicants: ['VAN DEN BERG BV'],
      inventors: ['JANSEN PIETER'],
      cpc: ['B28B7/36'],
      ipc: ['B28B7/36'],
    })
    const tokenRequest = requests.find((r) => r.url.pathname === '/auth/accesstoken')
    expect(tokenRequest?.authorization).toBe(`Basic ${Buffer.from('ops-key:ops-secret').toString('base64')}`)
  })

  it('completes a local record’s missing family from EPO OPS', async () => {
    const detail = (await get('/api/public/patents/details/US7441308')).json() as {
      family: unknown[]
      source: string
    }
    expect(detail.source).toBe('USPTO')
    expect(detail.family).toEqual([
      { reference: 'US7000001A', type: 'family-member', date: '2001-01-01', held: false },
      { reference: 'NL1010536C2', type: 'family-member', date: '2000-05-16', held: false },
    ])
  })

  it('still answers 404 for a reference no source knows', async () => {
    expect((await get('/api/public/patents/details/JP2000123456A')).statusCode).toBe(404)
  })
})
