import fs from 'node:fs'
import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { patents } from '~/db/schema'
import { buildTestApp } from '~/test/test-app'
import { insertPatents } from './corpus.repo'
import { toPatentRow, withoutEmptyBrackets } from './patent-record'

const t = await buildTestApp()

const dirty = {
  title: 'Vial () capper',
  abstract: 'Prescription data go into a vial () and a cap (, ) is applied (to the vial) after tablets (;).',
  description: 'A circuit ( ) extracts a quantum ().',
  claims: ['1. A vial () holding tablets.', '2. The vial of claim 1, with a cap (12).'],
}
const clean = {
  title: 'Vial capper',
  abstract: 'Prescription data go into a vial and a cap is applied (to the vial) after tablets.',
  description: 'A circuit extracts a quantum.',
  claims: ['1. A vial holding tablets.', '2. The vial of claim 1, with a cap (12).'],
}
const record = (reference: string) => ({
  reference,
  country: 'ZZ',
  docNumber: reference.slice(2),
  documentType: 'grant',
  source: 'test',
  ...dirty,
})

describe('empty brackets left by removed reference numerals', () => {
  it('go when a record is loaded, and bracketed words stay', () => {
    const row = toPatentRow(record('ZZ1'))
    expect({
      title: row.title,
      abstract: row.abstract,
      description: row.description,
      claims: row.claims,
    }).toEqual(clean)
    expect(withoutEmptyBrackets('((((( ')).toBe('((((( ')
  })

  it('go from the rows loaded before, as the loader removes them (migration 0017)', async () => {
    // Stored as an older loader stored it, then the migration's statements run again.
    await insertPatents(t.database.db, [{ ...toPatentRow(record('ZZ2')), ...dirty }], 'skip')
    const migration = fs.readFileSync(
      new URL('../../../migrations/0017_clean_empty_brackets.sql', import.meta.url),
      'utf8',
    )
    for (const statement of migration.split('--> statement-breakpoint'))
      await t.database.db.execute(sql.raw(statement))
    const [row] = await t.database.db.select().from(patents).where(eq(patents.reference, 'ZZ2'))
    expect({
      title: row?.title,
      abstract: row?.abstract,
      description: row?.description,
      claims: row?.claims,
    }).toEqual(clean)
  })
})
