import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseSearchQuery } from '@patentdesk/contract/search-query'
import { afterAll, describe, expect, it } from 'vitest'
import { plainPatent, plainSearch } from '~/test/plain-query'
import { type IndexedPatent, IndexFile, IndexFileWriter } from './index-file'
import { searchIndex } from './index-search'
import { needsIndex } from './query-eval'

/**
 * The search box's syntax over the index, each operator against a plain reading of the same patents written
 * here (every field's terms in order, each node read as its definition says): the index's answer must be
 * the plain one's, whatever order it ranks them in.
 */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'patentdesk-query-eval-'))
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

const PUBLISHED = ['2011-11-01', '2014-08-02', '2016-01-07', null, '2009-09-09', '2017-09-01']
const INVENTORS = [['Ada Lovelace'], ['Grace Hopper', 'Ada King'], ['Alan Turing'], [], ['Ada Byron'], []]

const patents: IndexedPatent[] = [
  [
    'US1000001B2',
    'Battery separator',
    'A porous separator between the electrodes of a lithium battery.',
    'A battery comprising a separator of polymer fibre.',
    'The separator is colored grey.',
    '2010-05-01',
    '2009-05-01',
    ['H01M50/40'],
    ['Samsung SDI'],
  ],
  [
    'US1000002B1',
    'Electrode coating',
    'A coating on the battery electrode improves the separator contact.',
    'An electrode with a coating.',
    'The battery pack has many cells; each cell holds a separator.',
    '2013-02-02',
    null,
    ['H01M4/62'],
    ['LG Chem'],
  ],
  [
    'EP2000003A1',
    'Bicycle rear light',
    'A rear light for a bicycle that brightens when a car approaches.',
    'A bicycle light comprising a radar sensor.',
    'The light flashes. The colour of the light is red.',
    '2015-07-07',
    '2014-07-07',
    ['B62J6/00'],
    ['Cycle Safety Ltd'],
  ],
  [
    'US1000004',
    'Battery charger for a bicycle',
    'A charger charges the battery of an electric bicycle.',
    'A charger comprising a plug.',
    'Batteries are charged overnight by the charger.',
    '2011-01-01',
    null,
    ['B62M6/90', 'H02J7/00'],
    ['Bosch GmbH'],
  ],
  [
    'US1000005',
    'Separator for a centrifuge',
    'A centrifuge separator for milk.',
    'A separator comprising a bowl.',
    'The separator spins the milk; no battery is needed.',
    '2008-08-08',
    null,
    ['B04B1/00'],
    ['Alfa Laval'],
  ],
  [
    'GB2000006A',
    'Cell housing',
    'A housing for a battery. The separator is thin.',
    'A housing comprising a wall.\nThe housing of claim 1, wherein a separator is glued to the wall.',
    'A battery is shown in FIG. 1 of the drawings. The separator is thin.\nA second paragraph names the cell.',
    '2016-03-03',
    '2015-03-03',
    ['H01M50/10'],
    ['Samsung SDI'],
  ],
].map(
  ([reference, title, abstract, claims, description, filingDate, priorityDate, codes, applicants], i) => ({
    reference: reference as string,
    texts: { title, abstract, claims, description } as IndexedPatent['texts'],
    filingDate: filingDate as string,
    priorityDate: priorityDate as string | null,
    publicationDate: PUBLISHED[i] ?? null,
    codes: codes as string[],
    applicants: applicants as string[],
    inventors: INVENTORS[i] ?? [],
    familyId: null,
    // The first two name one priority: one family.
    relatives: i < 2 ? ['US60000001'] : [],
  }),
)

/** Who cites whom, as the database would answer CT= (patents.repo.ts `findCitingReferences`). */
const cites: Record<string, string[]> = {
  US1000001B2: ['US5000001'],
  US1000002B1: ['US5000001', 'US5000002'],
  EP2000003A1: ['US5000002'],
}
const citing = (value: string) =>
  Object.entries(cites)
    .filter(([, cited]) => cited.includes(value))
    .map(([reference]) => reference)

const file = path.join(dir, 'syntax.index')
const writer = new IndexFileWriter(file)
for (const p of patents) writer.add(p)
writer.finish('v1')
const index = IndexFile.open(file)
afterAll(() => index.close())

const plainPatents = patents.map(plainPatent)

const tree = (q: string) => {
  const parsed = parseSearchQuery(q)
  if (!parsed.ok) throw new Error(parsed.problem.message)
  return parsed.node
}
const found = (q: string) => {
  const values = [...q.matchAll(/CT=(\w+)/g)].map((m) => m[1] as string)
  const asked = Object.fromEntries(values.map((value) => [value, citing(value)]))
  return searchIndex(index, { q, filters: {}, offset: 0, limit: 50, citing: asked })
    .hits.map((hit) => hit.reference)
    .sort()
}
const plain = (q: string) => plainSearch(q, plainPatents, cites)

describe('the search syntax over the index, against a plain reading', () => {
  it.each([
    'battery separator',
    'battery OR charger',
    '(battery OR centrifuge) separator -milk',
    'battery -(charger OR coating)',
    'TI=battery',
    'TI=(battery OR separator) -AB=lithium',
    'AB=separator',
    'CL="radar sensor"',
    'DESC=(battery NEAR/3 separator)',
    'battery NEAR/2 separator',
    'separator ADJ/3 battery',
    'battery ADJ/3 separator',
    '"rear light" NEAR/5 car',
    'batter*',
    'separat* -centrifug*',
    'elect?ode',
    'colour',
    'fiber',
    'CPC=H01M',
    'CPC=B62 battery',
    'assignee:bosch OR assignee:samsung',
    'country:EP',
    'before:filing:20110101',
    'after:priority:20140101',
    'battery before:priority:20120101',
    'CT=US5000001',
    'CT=US5000002 -battery',
    'CT=US5000001 OR CT=US5000002',
    'battery WITH separator',
    'separator SAME battery',
    '(battery OR cell) WITH separator',
    'DESC=(battery WITH separator)',
    'DESC=(battery SAME separator)',
    'CL=(separator WITH wall)',
    'CL=(housing SAME separator)',
    'battery WITH separator NEAR/3 lithium',
    'light WITH colour',
    'inventor:ada',
    'inventor:"ada lovelace" OR inventor:turing',
    'battery -inventor:grace',
    'before:publication:20140101',
    'after:publication:20160101 battery',
  ])('%s', (q) => {
    expect(found(q)).toEqual(plain(q))
  })

  it('finds British and American spellings alike, in every field', () => {
    expect(found('color')).toEqual(found('colour'))
    expect(found('color').length).toBe(2)
  })

  it('tells what the database alone can answer: words, phrases, OR and exclusions', () => {
    expect(needsIndex(tree('battery "lithium battery" OR charger -milk'))).toBe(false)
    for (const q of ['TI=battery', 'batter*', 'battery NEAR/2 separator', 'CPC=H01M', 'country:EP'])
      expect(needsIndex(tree(q))).toBe(true)
  })
})

describe('sentences and paragraphs', () => {
  it('keeps WITH to one sentence and SAME to one paragraph, an abbreviation ending none', () => {
    // "A battery is shown in FIG. 1 of the drawings. The separator is thin.": two sentences, one paragraph.
    expect(found('DESC=(battery WITH separator)')).not.toContain('GB2000006A')
    expect(found('DESC=(battery SAME separator)')).toContain('GB2000006A')
    expect(found('DESC=(battery WITH drawings)')).toContain('GB2000006A')
    // Each claim is a paragraph of its own.
    expect(found('CL=(housing SAME separator)')).toContain('GB2000006A')
    expect(found('CL=(comprising SAME separator)')).not.toContain('GB2000006A')
  })
})

describe('the order of the results and one per family', () => {
  const everything = 'battery OR separator OR light OR charger OR housing'
  const ordered = (sort: 'new' | 'old', dateType: 'priority' | 'filing' | 'publication', family = false) =>
    searchIndex(index, { q: everything, filters: {}, offset: 0, limit: 50, sort, dateType, family }).hits

  it.each([
    ['filing', (p: IndexedPatent) => p.filingDate],
    ['priority', (p: IndexedPatent) => p.priorityDate ?? p.filingDate],
    ['publication', (p: IndexedPatent) => p.publicationDate],
  ] as const)('sorts by the %s date, newest or oldest first, those without it last', (type, dateOf) => {
    const dated = patents.filter((p) => dateOf(p) !== null)
    const byDate = dated.sort((a, b) => ((dateOf(a) as string) < (dateOf(b) as string) ? -1 : 1))
    const undated = patents.filter((p) => dateOf(p) === null).map((p) => p.reference)
    expect(ordered('old', type).map((h) => h.reference)).toEqual([
      ...byDate.map((p) => p.reference),
      ...undated,
    ])
    expect(ordered('new', type).map((h) => h.reference)).toEqual([
      ...byDate.reverse().map((p) => p.reference),
      ...undated,
    ])
  })

  it('shows one patent per family, the earliest published of those found, with the count of the others', () => {
    const hits = ordered('old', 'filing', true)
    // US1000001B2 and US1000002B1 name one priority: the first published stands for both.
    expect(hits.map((h) => h.reference)).not.toContain('US1000002B1')
    expect(hits.find((h) => h.reference === 'US1000001B2')?.familyOthers).toBe(1)
    expect(hits.filter((h) => h.familyOthers === 0)).toHaveLength(patents.length - 2)
    const answer = searchIndex(index, { q: everything, filters: {}, offset: 0, limit: 50, family: true })
    expect(answer.total).toBe(patents.length - 1)
    // Found alone, a member stands for itself.
    const alone = searchIndex(index, { q: 'TI=coating', filters: {}, offset: 0, limit: 10, family: true })
    expect(alone.hits).toEqual([expect.objectContaining({ reference: 'US1000002B1', familyOthers: 0 })])
  })

  it('scores each result for the query, by date as by relevance', () => {
    const byRelevance = searchIndex(index, { q: 'separator', filters: {}, offset: 0, limit: 50 }).hits
    const byDate = searchIndex(index, { q: 'separator', filters: {}, offset: 0, limit: 50, sort: 'new' }).hits
    const scoreOf = new Map(byRelevance.map((h) => [h.reference, h.score]))
    expect(byRelevance.every((h) => h.score > 0)).toBe(true)
    for (const hit of byDate) expect(hit.score).toBeCloseTo(scoreOf.get(hit.reference) as number, 5)
  })
})
