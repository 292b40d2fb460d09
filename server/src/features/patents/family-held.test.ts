import { describe, expect, it } from 'vitest'
import { buildTestApp } from '~/test/test-app'
import { insertPatents } from './corpus.repo'
import { toPatentRow } from './patent-record'

const t = await buildTestApp()

const patent = (reference: string, family: { reference: string; type: string }[] = []) =>
  toPatentRow({
    reference,
    country: reference.slice(0, 2),
    docNumber: reference.replace(/\D/g, ''),
    documentType: 'grant',
    title: `Widget ${reference}`,
    family,
    source: 'test',
  })

await insertPatents(
  t.database.db,
  [
    patent('ZZ1000001B2', [
      { reference: 'ZZ1000002B1', type: 'continuation' },
      { reference: 'ZZ1000003', type: 'division' },
      { reference: 'ZZ1000004', type: 'provisional' },
      { reference: 'GB1504321.0', type: 'priority' },
    ]),
    patent('ZZ1000002B1'),
    patent('ZZ1000003A1'),
  ],
  'skip',
)

describe('patent details: family members', () => {
  it('says which members the corpus holds, by exact reference or by number without the kind code', async () => {
    const response = await t.request('GET', '/api/public/patents/details/ZZ1000001B2')
    expect(response.statusCode, response.body).toBe(200)
    const { family } = response.json() as { family: { reference: string; held: boolean }[] }
    expect(family.map(({ reference, held }) => [reference, held])).toEqual([
      ['ZZ1000002B1', true],
      ['ZZ1000003', true],
      ['ZZ1000004', false],
      ['GB1504321.0', false],
    ])
  })
})
