import { referenceKey } from '@patentdesk/contract/patent-references'
import { inArray } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { patents } from '~/db/schema'
import { buildTestApp } from '~/test/test-app'
import { insertPatents } from './corpus.repo'
import { toPatentRow } from './patent-record'

const t = await buildTestApp()

/** Stored references of every shape the corpus and imports hold, for the database's key. */
const storedForms = [
  'ZZRE49258E1',
  'ZZH2140H1',
  'ZZPP18398P2',
  'ZZ20010000044A1',
  'ZW98/47522A',
  'ZZ1504321.0',
]

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
      { reference: 'ZZ1000005A', type: 'continuation-parent-grant' },
      { reference: 'ZZ 1,000,006 B1', type: 'division-parent-grant' },
    ]),
    patent('ZZ1000002B1'),
    patent('ZZ1000003A1'),
    patent('ZZ1000005'),
    patent('ZZ1000006'),
    ...storedForms.map((reference) => patent(reference)),
  ],
  'skip',
)

describe('patent details: family members', () => {
  it('says which members the corpus holds, however the family or the record writes the reference', async () => {
    const response = await t.request('GET', '/api/public/patents/details/ZZ1000001B2')
    expect(response.statusCode, response.body).toBe(200)
    const { family } = response.json() as { family: { reference: string; held: boolean }[] }
    expect(family.map(({ reference, held }) => [reference, held])).toEqual([
      ['ZZ1000002B1', true],
      ['ZZ1000003', true],
      ['ZZ1000004', false],
      ['GB1504321.0', false],
      ['ZZ1000005A', true],
      ['ZZ 1,000,006 B1', true],
    ])
  })

  it('are found by the key the database derives as the contract does', async () => {
    const rows = await t.database.db
      .select({ reference: patents.reference, key: patents.referenceKey })
      .from(patents)
      .where(inArray(patents.reference, storedForms))
    expect(rows.length).toBe(storedForms.length)
    for (const row of rows) expect(row.key, row.reference).toBe(referenceKey(row.reference))
  })
})
