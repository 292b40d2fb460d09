import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { type IndexedPatent, IndexFile, IndexFileWriter } from './index-file'
import { searchIndex } from './index-search'
import { filingsPerYear } from './patent-facts'

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'patentdesk-index-search-'))
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

const patent = (
  reference: string,
  fields: Partial<IndexedPatent['texts']>,
  facts: Partial<IndexedPatent> = {},
) => ({
  reference,
  texts: { title: '', abstract: '', claims: '', description: '', ...fields },
  filingDate: null,
  priorityDate: null,
  publicationDate: null,
  codes: [],
  applicants: [],
  inventors: [],
  familyId: null,
  relatives: [],
  ...facts,
})

function indexOf(patents: IndexedPatent[]) {
  const file = path.join(dir, `${patents.map((p) => p.reference).join('-')}.index`)
  const writer = new IndexFileWriter(file)
  for (const p of patents) writer.add(p)
  writer.finish('v1')
  return IndexFile.open(file)
}

const index = indexOf([
  patent(
    'A1',
    { title: 'Bicycle helmet', description: 'A shell of foam protects the head of a cyclist.' },
    {
      filingDate: '2012-03-02',
      codes: ['A42B3/04'],
      applicants: ['Intel Corporation'],
    },
  ),
  patent(
    'B2',
    { title: 'Gearbox', description: 'A helmet may be worn while servicing the gearbox of a bicycle.' },
    {
      filingDate: '2015-06-30',
      codes: ['F16H3/00'],
      applicants: ['Shimano Inc.'],
    },
  ),
  patent(
    'C3',
    { title: 'Battery pack', abstract: 'A battery pack with cells and a cooling plate for a bicycle.' },
    {
      filingDate: '2012-12-31',
      codes: ['H01M10/60', 'B62M6/90'],
      applicants: ['Bosch GmbH'],
    },
  ),
  patent('D4', {
    title: 'Tricycle frame',
    claims: 'A tricycle frame comprising a neural network controller.',
  }),
  patent('E5', { title: 'Kettle', abstract: 'An electric kettle; the neural sensor and a network.' }),
])
afterAll(() => index.close())

/** The answer with its hits' references, in order. */
const search = (q: string, filters = {}, offset = 0, limit = 10) => {
  const { hits, ...answer } = searchIndex(index, { q, filters, offset, limit })
  return { ...answer, references: hits.map((hit) => hit.reference) }
}

describe('the search box over the patent index', () => {
  it('ranks a patent about the word (in its title) above one that mentions it', () => {
    expect(search('helmet')).toEqual({ total: 2, approximate: false, references: ['A1', 'B2'] })
    expect(search('bicycle').references[0]).toBe('A1')
    expect(search('bicycle').total).toBe(3)
  })

  it('needs every word, takes alternatives around OR, and excludes -words from the whole query', () => {
    expect(search('bicycle helmet').references).toEqual(['A1', 'B2'])
    expect(search('helmet OR tricycle').references.sort()).toEqual(['A1', 'B2', 'D4'])
    // (helmet and foam) or battery.
    expect(search('helmet foam or battery').references.sort()).toEqual(['A1', 'C3'])
    expect(search('bicycle -gearbox').references.sort()).toEqual(['A1', 'C3'])
    expect(search('bicycle OR tricycle -helmet').references.sort()).toEqual(['C3', 'D4'])
  })

  it('keeps a phrase only where its words stand in a row within one field, excluded phrases too', () => {
    // E5 has both words, apart; D4 has them in a row.
    expect(search('"neural network"')).toEqual({ total: 1, approximate: false, references: ['D4'] })
    expect(search('"network neural"').total).toBe(0)
    expect(search('bicycle -"cooling plate"')).toEqual({
      total: 2,
      approximate: false,
      references: ['A1', 'B2'],
    })
    expect(search('bicycle -"plate cooling"').total).toBe(3)
    // A phrase of stop words is none; one stop word inside a phrase is left out.
    expect(search('"the of" tricycle').references).toEqual(['D4'])
    expect(search('"frame comprising a neural"').references).toEqual(['D4'])
    // Not across fields: "Battery pack" ends the title, "A battery" opens the abstract.
    expect(search('"pack battery"').total).toBe(0)
    expect(search('"neural network" OR kettle').references.sort()).toEqual(['D4', 'E5'])
  })

  it('checks many words beside a phrase as it checks a few', () => {
    // Ten words with the phrase: the first few looked up in the patent's terms, the rest in a set of them.
    const words = 'tricycle frame comprising neural network controller tricycle frame neural controller'
    expect(search(`"neural network" ${words}`).references).toEqual(['D4'])
    expect(search(`"neural network" ${words} OR kettle`).references.sort()).toEqual(['D4', 'E5'])
    expect(search(`"neural network" ${words} -controller`).total).toBe(0)
  })

  it('finds a phrase whose words repeat, as its words repeat', () => {
    const repeated = indexOf([
      patent('R1', { claims: 'A valve valve valve seat.' }),
      patent('R2', { claims: 'A valve seat valve valve.' }),
    ])
    const phrase = (q: string) =>
      searchIndex(repeated, { q, filters: {}, offset: 0, limit: 10 }).hits.map((hit) => hit.reference)
    expect(phrase('"valve valve seat"')).toEqual(['R1'])
    expect(phrase('"seat valve valve"')).toEqual(['R2'])
    expect(phrase('"valve valve valve valve"')).toEqual([])
    repeated.close()
  })

  it('answers no match for stop words, unknown words or exclusions alone', () => {
    expect(search('the of and').total).toBe(0)
    expect(search('submarine').total).toBe(0)
    expect(search('-helmet').total).toBe(0)
    expect(search('submarine OR the').total).toBe(0)
  })

  it('pages through the ranking without overlap', () => {
    const all = search('bicycle').references
    const pages = [0, 1, 2].flatMap((page) => search('bicycle', {}, page, 1).references)
    expect(pages).toEqual(all)
    expect(search('bicycle', {}, 3, 1)).toEqual({ total: 3, approximate: false, references: [] })
  })

  it('filters by filing date, classification prefix and applicant words as the SQL filters do', () => {
    const refs = (filters: object) => search('bicycle', filters).references.sort()
    expect(refs({ from: '2012-01-01', to: '2012-12-31' })).toEqual(['A1', 'C3'])
    expect(refs({ from: '2013-01-01' })).toEqual(['B2'])
    expect(search('tricycle', { to: '2030-01-01' }).total).toBe(0)
    expect(refs({ cpc: 'B62M' })).toEqual(['C3'])
    expect(refs({ cpc: 'A42B3' })).toEqual(['A1'])
    expect(refs({ cpc: 'A' })).toEqual(['A1'])
    expect(refs({ cpc: 'A42B3/0' })).toEqual([])
    expect(refs({ applicant: 'shim' })).toEqual(['B2'])
    expect(refs({ applicant: 'intel corp' })).toEqual(['A1'])
    expect(refs({ applicant: 'intel bosch' })).toEqual([])
    expect(refs({ applicant: '%_' })).toEqual([])
  })

  it('counts filings per year, of every patent with a filing date or of those asked for', () => {
    expect(filingsPerYear(index.facts)).toEqual([
      { year: 2012, filings: 2 },
      { year: 2015, filings: 1 },
    ])
    expect(filingsPerYear(index.facts, (doc) => doc === 1)).toEqual([{ year: 2015, filings: 1 }])
  })

  it("keeps each patent's terms in order, per field, on disk", () => {
    expect(index.fieldTerms(0)).toEqual([
      ['bicycl', 'helmet'],
      [],
      [],
      ['shell', 'foam', 'protect', 'head', 'cyclist'],
    ])
    expect(index.references).toEqual(['A1', 'B2', 'C3', 'D4', 'E5'])
  })

  it('counts every match of a phrase up to 500, and estimates past that from a spread sample', () => {
    // Every third patent has the phrase; the others have its words apart.
    const valves = (count: number) => {
      const file = path.join(dir, `valves-${count}.index`)
      const writer = new IndexFileWriter(file)
      for (let i = 0; i < count; i++)
        writer.add(patent(`V${i}`, { claims: i % 3 ? 'A valve, painted red.' : 'A red valve.' }))
      writer.finish('v1')
      return IndexFile.open(file)
    }
    const count = (file: IndexFile) => {
      const { total, approximate } = searchIndex(file, {
        q: '"red valve"',
        filters: {},
        offset: 0,
        limit: 10,
      })
      return { total, approximate }
    }
    const [few, many] = [valves(450), valves(6000)]
    expect(count(few)).toEqual({ total: 150, approximate: false })
    const estimate = count(many)
    expect(estimate.approximate).toBe(true)
    expect(Math.abs(estimate.total - 2000)).toBeLessThan(200)
    // A page as deep as is ever checked, and past it.
    const page = (offset: number) =>
      searchIndex(many, { q: '"red valve"', filters: {}, offset, limit: 10 }).hits.length
    expect(page(1990)).toBe(10)
    expect(page(5000)).toBe(0)
    few.close()
    many.close()
  })

  it('refuses a file that is not an index', () => {
    const junk = path.join(dir, 'junk.index')
    fs.writeFileSync(junk, 'not an index at all')
    expect(() => IndexFile.open(junk)).toThrow(/not a patent index/)
  })
})
