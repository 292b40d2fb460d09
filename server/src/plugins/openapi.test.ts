import { describe, expect, it } from 'vitest'
import { buildTestApp } from '~/test/test-app'
import { featureTags } from './openapi-tags'

const t = await buildTestApp()

type Operation = {
  tags?: string[]
  security?: Record<string, string[]>[]
  requestBody?: { content: Record<string, { schema: unknown }> }
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>
}
type Document = {
  openapi: string
  paths: Record<string, Record<string, Operation>>
  components: { securitySchemes: Record<string, { type: string; scheme: string }>; schemas: object }
}

// No session: the document is public.
const response = await t.request('GET', '/api/openapi.json')
const document = response.json() as Document
const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, operation]) => ({
    key: `${method.toUpperCase()} ${path}`,
    operation,
  })),
)
const operation = (method: string, path: string) => document.paths[path]?.[method] as Operation

/** Swagger UI's own routes and the document itself describe no API. */
const docsPlumbing = /^\/api\/(docs|openapi\.json)(\/|$)/
const apiRoutes = t.app.routeTable.filter(
  (route) => route.method !== 'HEAD' && route.url.startsWith('/api/') && !docsPlumbing.test(route.url),
)

describe('GET /api/openapi.json', () => {
  it('answers an OpenAPI 3.1 document without a session', () => {
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/^application\/json/)
    expect(document.openapi).toBe('3.1.0')
  })

  it('lists every registered API route, and nothing else, each with one feature tag and a 2xx answer', () => {
    expect(apiRoutes.length).toBeGreaterThan(40)
    const registered = apiRoutes.map((route) => `${route.method} ${route.url.replace(/:(\w+)/g, '{$1}')}`)
    expect(operations.map((o) => o.key).sort()).toEqual([...registered].sort())
    for (const { key, operation } of operations) {
      expect(operation.tags, key).toHaveLength(1)
      expect(featureTags, key).toContain(operation.tags?.[0])
      expect(
        Object.keys(operation.responses).some((status) => status.startsWith('2')),
        key,
      ).toBe(true)
    }
  })

  it('declares the bearer scheme, on the routes that need a session and not on public ones', () => {
    expect(document.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' })
    expect(operation('get', '/api/auth/profile').security).toEqual([{ bearer: [] }])
    expect(operation('get', '/api/admin/users').security).toEqual([{ bearer: [] }])
    expect(operation('post', '/api/auth/login').security).toBeUndefined()
    expect(operation('get', '/api/public/serpapi/patents').security).toBeUndefined()
    for (const { key, operation } of operations) {
      // Login's own 401 is wrong credentials, not a missing session.
      if (key !== 'POST /api/auth/login')
        expect(Boolean(operation.security), key).toBe(Boolean(operation.responses[401]))
    }
  })

  it('lists the errors a route’s service answers, and the multipart forms with their file', () => {
    expect(Object.keys(operation('post', '/api/auth/login').responses)).toEqual(
      expect.arrayContaining(['200', '400', '401', '413', '429', '500']),
    )
    expect(operation('post', '/api/auth/register').responses).toHaveProperty('409')
    const upload = operation('post', '/api/patents/{id}/documents')
    expect(Object.keys(upload.responses)).toEqual(expect.arrayContaining(['201', '409', '413', '415', '422']))
    expect(upload.requestBody?.content['multipart/form-data']?.schema).toMatchObject({
      type: 'object',
      required: ['file'],
      properties: { file: { type: 'string', format: 'binary' }, documentType: { enum: expect.any(Array) } },
    })
    const analysis = operation('post', '/api/public/patents/comprehensive-analysis')
    expect(analysis.requestBody?.content['multipart/form-data']?.schema).toMatchObject({
      required: ['title', 'description'],
      properties: { document: { format: 'binary' }, title: { type: 'string' } },
    })
    // The answer describes the claim chart: the features, and each charted patent's matches.
    expect(analysis.responses[200]?.content?.['application/json']?.schema).toMatchObject({
      properties: {
        analysis: { properties: { features: { items: { required: ['id', 'text'] } } } },
        similarPatents: {
          properties: {
            patents: {
              items: {
                properties: {
                  featureMatches: {
                    items: {
                      properties: { level: { enum: ['found', 'partly', 'absent'] }, passage: {} },
                    },
                  },
                },
              },
            },
          },
        },
      },
    })
  })

  it('describes the login body, its answer and its error answers in the app’s error shape', () => {
    const login = operation('post', '/api/auth/login')
    const body = login.requestBody?.content['application/json']?.schema
    expect(body).toMatchObject({ type: 'object', required: ['username', 'password'] })
    expect(login.responses[200]?.content?.['application/json']?.schema).toMatchObject({
      properties: { token: { type: 'string' } },
    })
    const errorRef = { $ref: '#/components/schemas/ErrorBody' }
    for (const status of ['400', '500'])
      expect(login.responses[status]?.content?.['application/json']?.schema).toEqual(errorRef)
    expect(document.components.schemas).toHaveProperty('ErrorBody.required', ['error', 'message'])
  })

  it('describes path parameters and query fields', () => {
    const details = operation('get', '/api/public/patents/details/{reference}') as Operation & {
      parameters: { in: string; name: string }[]
    }
    expect(details.parameters).toContainEqual(expect.objectContaining({ in: 'path', name: 'reference' }))
    const search = operation('get', '/api/public/serpapi/patents') as typeof details
    expect(search.parameters).toContainEqual(expect.objectContaining({ in: 'query', name: 'q' }))
  })
})

describe('GET /api/docs', () => {
  it('answers Swagger UI without a session, every script and stylesheet from this origin', async () => {
    const page = await t.request('GET', '/api/docs')
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toMatch(/^text\/html/)
    const sources = [...page.body.matchAll(/<(?:script|link)[^>]+(?:src|href)="([^"]+)"/g)].map(
      (m) => m[1] ?? '',
    )
    expect(sources.filter((source) => source.endsWith('.js'))).toHaveLength(3)
    for (const source of sources) {
      expect(source).toMatch(/^\/api\/docs\/static\//)
      const asset = await t.request('GET', source)
      expect(asset.statusCode, source).toBe(200)
    }
  })

  it('keeps the app’s CSP: scripts from this origin only, no eval', async () => {
    const page = await t.request('GET', '/api/docs')
    const csp = String(page.headers['content-security-policy'])
    const scriptSrc = csp.split(';').find((directive) => directive.trim().startsWith('script-src '))
    expect(scriptSrc?.trim()).toBe("script-src 'self'")
    expect(csp).toContain("default-src 'self'")
    expect(csp).not.toContain('unsafe-eval')
  })
})
