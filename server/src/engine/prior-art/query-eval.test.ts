import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseSearchQuery, type QueryNode } from '@patentdesk/contract/search-query'
import { afterAll, describe, expect, it } from 'vitest'
import { termsOf } from '~/shared/terms'
import { FIELDS } from './bm25f-fields'
import { type IndexedPatent, IndexFile, IndexFileWriter } from './index-file'
import { searchIndex } from './index-search'
import { needsIndex, unansweredIn } from './query-eval'

/**
 * The search box's syntax over the index, each operator against a plain reading of the same patents written
 * here (every field's terms in order, each node read as its definition says): the index's answer must be
 * the plain one's, whatever order it ranks them in.
 */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'patentdesk-query-eval-'))
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

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
].map(([reference, title, abstract, claims, description, filingDate, priorityDate, codes, applicants]) => ({
  reference: reference as string,
  texts: { title, abstract, claims, description } as IndexedPatent['texts'],
  filingDate: filingDate as string,
  priorityDate: priorityDate as string | null,
  codes: codes as string[],
  applicants: applicants as string[],
}))

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

/** The plain reading: a node against one patent's fields as terms, by its definition. */
function plainHolds(node: QueryNode, patent: IndexedPatent, only?: number): boolean {
  const fields = FIELDS.map((field) => termsOf(patent.texts[field]))
  const scope = only === undefined ? fields : [fields[only] as string[]]
  const glob = (pattern: string) =>
    new RegExp(`^${pattern.toLowerCase().replace(/\*/g, '.*').replace(/\?/g, '.')}$`)
  const positions = (n: QueryNode, terms: string[]): number[] => {
    if (n.kind === 'or') return n.nodes.flatMap((c) => positions(c, terms))
    if (n.kind === 'near') {
      const [left, right] = [positions(n.left, terms), positions(n.right, terms)]
      return left.filter((l) =>
        right.some((r) => r !== l && Math.abs(r - l) <= n.distance && (!n.ordered || r > l)),
      )
    }
    if (n.kind === 'word' && /[*?]/.test(n.text))
      return terms.flatMap((t, i) => (glob(n.text).test(t) ? [i] : []))
    const run = termsOf(n.kind === 'word' || n.kind === 'phrase' ? n.text : '')
    return terms.flatMap((_, i) => (run.length > 0 && run.every((t, k) => terms[i + k] === t) ? [i] : []))
  }
  switch (node.kind) {
    case 'word':
      if (/[*?]/.test(node.text)) return scope.some((terms) => terms.some((t) => glob(node.text).test(t)))
      return termsOf(node.text).every((t) => scope.some((terms) => terms.includes(t)))
    case 'phrase':
      return scope.some((terms) => positions(node, terms).length > 0)
    case 'and':
      return node.nodes.every((n) => plainHolds(n, patent, only))
    case 'or':
      return node.nodes.some((n) => plainHolds(n, patent, only))
    case 'not':
      return !plainHolds(node.node, patent, only)
    case 'near':
      return scope.some((terms) => positions(node, terms).length > 0)
    case 'field':
      return plainHolds(node.node, patent, FIELDS.indexOf(node.field))
    case 'cpc':
      return patent.codes.some((code) => code.startsWith(node.value))
    case 'assignee':
      return patent.applicants.some((name) => name.toLowerCase().includes(node.value.toLowerCase()))
    case 'country':
      return patent.reference.startsWith(node.value.toUpperCase())
    case 'cites':
      return (cites[patent.reference] ?? []).includes(node.value)
    case 'date': {
      const date = node.type === 'filing' ? patent.filingDate : (patent.priorityDate ?? patent.filingDate)
      if (!date) return false
      return node.side === 'before' ? date < node.date : date >= node.date
    }
    default:
      throw new Error(`${node.kind} is not read here`)
  }
}

const tree = (q: string) => {
  const parsed = parseSearchQuery(q)
  if (!parsed.ok) throw new Error(parsed.problem.message)
  return parsed.node
}
const found = (q: string) => {
  const values = [...q.matchAll(/CT=(\w+)/g)].map((m) => m[1] as string)
  const asked = Object.fromEntries(values.map((value) => [value, citing(value)]))
  return searchIndex(index, { q, filters: {}, offset: 0, limit: 50, citing: asked }).references.sort()
}
const plain = (q: string) =>
  patents
    .filter((p) => plainHolds(tree(q), p))
    .map((p) => p.reference)
    .sort()

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
  ])('%s', (q) => {
    expect(found(q)).toEqual(plain(q))
  })

  it('finds British and American spellings alike, in every field', () => {
    expect(found('color')).toEqual(found('colour'))
    expect(found('color').length).toBe(2)
  })

  it('says what is not answered yet', () => {
    expect(unansweredIn(tree('battery WITH separator'))).toMatch(/^WITH/)
    expect(unansweredIn(tree('inventor:Ada'))).toMatch(/^inventor:/)
    expect(unansweredIn(tree('before:publication:20200101'))).toMatch(/^Publication dates/)
    expect(unansweredIn(tree('TI=(battery NEAR/3 separator)'))).toBeUndefined()
  })

  it('tells what the database alone can answer: words, phrases, OR and exclusions', () => {
    expect(needsIndex(tree('battery "lithium battery" OR charger -milk'))).toBe(false)
    for (const q of ['TI=battery', 'batter*', 'battery NEAR/2 separator', 'CPC=H01M', 'country:EP'])
      expect(needsIndex(tree(q))).toBe(true)
  })
})
