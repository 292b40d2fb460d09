import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { corpusDir } from '~/features/patents/corpus'
import { parseRecord } from '~/features/patents/importer'
import { readLines } from '~/features/patents/line-reader'
import { IndexFile, IndexFileWriter } from './index-file'
import { searchIndex } from './index-search'
import { type PercolatedPatent, percolate } from './percolate'
import { indexedPatent } from './prior-art.repo'

/**
 * The first 600 shipped patents are the corpus; its last 100, an import. What each saved query finds
 * among the import by percolation must be what the search over the whole corpus finds among them.
 */
const patents: PercolatedPatent[] = []
for await (const line of readLines(path.join(corpusDir, 'patents.jsonl.gz'))) {
  const parsed = parseRecord(line.text, line.number)
  if ('row' in parsed) patents.push({ ...indexedPatent(parsed.row), citations: parsed.row.citations ?? [] })
  if (patents.length === 600) break
}
const imported = patents.slice(500)
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'patentdesk-percolate-'))
const writer = new IndexFileWriter(path.join(dir, 'corpus.index'))
for (const patent of patents) writer.add(patent)
writer.finish('v1')
const corpus = IndexFile.open(path.join(dir, 'corpus.index'))
afterAll(() => {
  corpus.close()
  fs.rmSync(dir, { recursive: true, force: true })
})

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
