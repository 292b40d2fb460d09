import { Bm25fBuilder, type Bm25fIndex, type FieldTexts } from './bm25f'
import { PARAMS } from './params'
import { termCounts } from './terms'

/**
 * The prior-art index, in a thread of its own: building it and scoring a query are seconds and tens of
 * milliseconds of CPU the server's thread must not spend. The thread keeps one index and builds the next
 * beside it, so searches go on during a rebuild.
 */
export type IndexedPatent = { reference: string; texts: FieldTexts }
export type Candidate = { reference: string; score: number }

let building: { builder: Bm25fBuilder; references: string[]; version: string } | undefined
let current: { index: Bm25fIndex; references: string[]; version: string } | undefined

export function start(version: string) {
  building = { builder: new Bm25fBuilder(), references: [], version }
}

export function add(patents: IndexedPatent[]) {
  if (!building) throw new Error('add before start')
  for (const { reference, texts } of patents) {
    building.builder.add(texts)
    building.references.push(reference)
  }
}

/** Puts the index built since `start` in place of the current one; answers its size. */
export function finish() {
  if (!building) throw new Error('finish before start')
  const { builder, references, version } = building
  building = undefined
  current = { index: builder.build(), references, version }
  return { patents: references.length, version }
}

/** The best `limit` patents for a text, best first; undefined when this thread holds no index yet. */
export function search({ text, limit }: { text: string; limit: number }): Candidate[] | undefined {
  if (!current) return undefined
  const { index, references } = current
  return index
    .search(termCounts(text), PARAMS, limit)
    .map(({ doc, score }) => ({ reference: references[doc] as string, score }))
}
