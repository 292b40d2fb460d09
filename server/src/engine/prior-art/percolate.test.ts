import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { shippedPatents } from '~/test/shipped-index'
import { searchIndex } from './index-search'
import { type PercolatedPatent, percolate } from './percolate'

/**
 * The first 600 shipped patents are the corpus; its last 100, an import. What each saved query finds
 * among the import by percolation must be what the search over the whole corpus finds among them.
 */
const { patents, dir, indexOf } = await shippedPatents(600)
const imported = patents.slice(500)
const corpus = indexOf()

const queries = [
  { q: 'semiconductor substrate', filters: {} },
  { q: '(layer OR film) -semiconductor', filters: {} },
  { q: '"optical fiber"', filters: {} },
  { q: 'TI=(method)', filters: {} },
  { q: 'CL=(signal NEAR/3 circuit)', filters: {} },
  { q: 'layer WITH substrate', filters: {} },
  { q: 'semicond*', filters: {} },
  { q: 'colour', filters: {} },
  { q: 'CPC=H01L', filters: {} },
  { q: 'assignee:corporation', filters: {} },
  { q: 'after:priority:20030101 circuit', filters: {} },
  { q: 'circuit', filters: { from: '2002-01-01', to: '2004-12-31', cpc: 'H01L' } },
  { q: 'device', filters: { applicant: 'kabushiki' } },
].map((query, id) => ({ id, ...query }))

describe('percolating saved queries through an import', () => {
  it('finds among the imported patents exactly what the search over the corpus finds among them', () => {
    const matched = new Map(
      percolate(path.join(dir, 'import.index'), imported, queries).map((m) => [m.id, m.references]),
    )
    const importedReferences = new Set(imported.map((p) => p.reference))
    let some = 0
    for (const { id, q, filters } of queries) {
      const searched = searchIndex(corpus, { q, filters, offset: 0, limit: patents.length })
        .hits.map((hit) => hit.reference)
        .filter((reference) => importedReferences.has(reference))
        .sort()
      expect([q, (matched.get(id) ?? []).sort()]).toEqual([q, searched])
      if (searched.length > 0) some++
    }
    // Most queries find some of the import, and the import file is gone.
    expect(some).toBeGreaterThan(queries.length / 2)
    expect(fs.existsSync(path.join(dir, 'import.index'))).toBe(false)
  })

  it('finds the imported patents that cite a reference, by its key, and nothing for a refused query', () => {
    const citing = imported.find((p) => p.citations.length > 0) as PercolatedPatent
    const cited = citing.citations[0] as string
    const matched = percolate(path.join(dir, 'import.index'), imported, [
      { id: 1, q: `CT=${cited.toLowerCase()}`, filters: {} },
      { id: 2, q: 'a*', filters: {} },
      { id: 3, q: 'zzyzzx', filters: {} },
    ])
    expect(matched.map((m) => m.id)).toEqual([1])
    expect(matched[0]?.references).toContain(citing.reference)
  })
})
