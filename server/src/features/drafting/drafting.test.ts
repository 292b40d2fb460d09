import type { DraftingCheckResult } from '@patentdesk/contract/drafting'
import { messages } from '@patentdesk/contract/errors'
import { describe, expect, it } from 'vitest'
import { buildTestApp, json } from '~/test/test-app'

const t = await buildTestApp()
const user = await t.registerUser()
const url = '/api/drafting/checks'

describe('POST /api/drafting/checks', () => {
  it('needs a session', async () => {
    const response = await t.request('POST', url, { body: { title: 'Tripod head' } })
    expect(response.statusCode).toBe(401)
    expect(json(response).message).toBe(messages.authRequiredMutation)
  })

  it.each([
    ['title', { title: 'x'.repeat(301) }, 'Title must not exceed 300 characters.'],
    [
      'claims.1',
      { claims: ['A head.', 'x'.repeat(10_001)] },
      'Each claim must not exceed 10,000 characters.',
    ],
    ['claims', { claims: 'A head.' }, 'Claims must be a list of texts.'],
    ['extra', { extra: true }, 'Unknown field.'],
  ])('refuses a bad %s with a clear message', async (field, body, message) => {
    const response = await t.request('POST', url, { token: user.token, body })
    expect(response.statusCode).toBe(400)
    expect(json(response)).toMatchObject({ error: 'BAD_REQUEST', fields: { [field]: message } })
    expect(json(response).message).toBe(`${field}: ${message}`)
  })

  it('answers no issues for a blank draft', async () => {
    const response = await t.request('POST', url, { token: user.token, body: {} })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ issues: [] })
  })

  it('answers the problems of a draft, each linked to its place', async () => {
    const claims = [
      'A tripod head comprising a pendulum and a damping member, wherein said lever locks the pendulum.',
      'The tripod head of claim 3, wherein the pendulum is approximately 2 mm thick.',
    ]
    const response = await t.request('POST', url, {
      token: user.token,
      body: {
        title: 'Self-levelling tripod head',
        abstract: 'A revolutionary tripod head that levels itself with a pendulum.',
        description: 'A pendulum hangs below the tripod head and swings to the vertical.',
        claims,
      },
    })
    expect(response.statusCode).toBe(200)
    const { issues } = response.json() as DraftingCheckResult
    expect(issues.map((i) => [i.code, i.severity, i.field, i.claim, i.excerpt])).toEqual([
      ['abstract-merit', 'warning', 'abstract', null, 'revolutionary'],
      ['description-support', 'warning', 'claims', 1, 'damping member'],
      ['antecedent-basis', 'warning', 'claims', 1, 'said lever'],
      ['claim-dependency', 'error', 'claims', 2, 'claim 3'],
      ['vague-term', 'warning', 'claims', 2, 'approximately'],
      ['vague-term', 'warning', 'claims', 2, 'thick'],
    ])
    expect(issues[2]).toEqual({
      id: 'antecedent-basis:claims:1:said lever:0',
      code: 'antecedent-basis',
      severity: 'warning',
      field: 'claims',
      claim: 1,
      message: '"said lever" in claim 1 has no antecedent: introduce it first as "a lever".',
      excerpt: 'said lever',
      start: claims[0]?.indexOf('said lever'),
      end: (claims[0]?.indexOf('said lever') ?? 0) + 'said lever'.length,
      rule: 'Patents Act 1977 s.14(5)(b)',
    })
  })
})
