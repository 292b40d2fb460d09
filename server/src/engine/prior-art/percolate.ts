import fs from 'node:fs'
import { referenceKey } from '@patentdesk/contract/patent-references'
import { parseSearchQuery } from '@patentdesk/contract/search-query'
import { type IndexedPatent, IndexFile, IndexFileWriter } from './index-file'
import { matchingDocs } from './index-search'
import type { SearchFilters } from './patent-facts'
import { citedIn } from './query-eval'

/** A saved search as the percolation reads it: the search box's query and its filters. */
export type SavedQueryToMatch = { id: number; q: string; filters: SearchFilters }
/** An imported patent as the index holds it, with the references it cites (for `CT=`). */
export type PercolatedPatent = IndexedPatent & { citations: string[] }

/**
 * Which saved queries match which of the patents given (an import's new and changed ones), as a
 * percolator answers it: an index of those patents alone, written to `path` and removed after, each
 * query evaluated by the search's own code (index-search.ts `matchingDocs`, every candidate checked), so a
 * saved search finds among them exactly what the search would. The cost is that of the patents given and
 * the queries, not of the corpus. Answers the queries that match any, each with its references.
 */
export function percolate(path: string, patents: PercolatedPatent[], queries: SavedQueryToMatch[]) {
  if (patents.length === 0 || queries.length === 0) return []
  const writer = new IndexFileWriter(path)
  try {
    for (const patent of patents) writer.add(patent)
    writer.finish('percolate')
  } catch (error) {
    writer.abort()
    throw error
  }
  const file = IndexFile.open(path)
  try {
    const citing = citingOf(patents)
    return queries.flatMap(({ id, q, filters }) => {
      const parsed = parseSearchQuery(q)
      const cited = parsed.ok ? citedIn(parsed.node) : []
      const docs = matchingDocs(file, {
        q,
        filters,
        citing: Object.fromEntries(cited.map((value) => [value, citing(value)])),
      })
      return docs.length === 0 ? [] : [{ id, references: docs.map((doc) => file.references[doc] as string) }]
    })
  } finally {
    file.close()
    fs.rmSync(path, { force: true })
  }
}

/** For a `CT=` value, the patents given that cite it (their citations read by reference key). */
function citingOf(patents: PercolatedPatent[]) {
  const byKey = new Map<string, string[]>()
  for (const patent of patents)
    for (const cited of new Set(patent.citations.map(referenceKey)))
      byKey.set(cited, [...(byKey.get(cited) ?? []), patent.reference])
  return (value: string) => byKey.get(referenceKey(value)) ?? []
}
