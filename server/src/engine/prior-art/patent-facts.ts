import type { DateType } from '@patentdesk/contract/search-query'
import { FamiliesBuilder } from './families'
import { intersect } from './sorted-ids'

/**
 * What the search filters read of each patent, kept beside the index so that a filtered search needs no
 * database: the priority, filing and publication dates as day numbers, the classification codes, the
 * applicants' and inventors' words, each a list per document over a table of distinct values, and each
 * document's family. The rules are those of the SQL filters they replace
 * (patent-search.repo.ts): a date range leaves out patents without a filing date; a classification matches any
 * prefix the `classification_prefixes` column lists; every word of an applicant filter must begin a word
 * of an applicant or assignee name.
 */
export type SearchFilters = { from?: string; to?: string; cpc?: string; applicant?: string }

export const NO_DATE = -2147483648
const DAY_MS = 86_400_000
export const dayOf = (date: string) => Math.floor(Date.parse(`${date}T00:00:00Z`) / DAY_MS)

/** Words of a name or of an applicant filter, as the 'simple' text search configuration splits them. */
export const nameWords = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []

/** The prefixes a classification code is filtered by: section, class, subclass, main group, the code. */
export const codePrefixes = (code: string) =>
  [code.slice(0, 1), code.slice(0, 3), code.slice(0, 4), code.split('/')[0] ?? '', code].filter(Boolean)

/** Per document, ids into a table of distinct values (compressed sparse rows). */
type Lists = { names: string[]; starts: Uint32Array; ids: Uint32Array }

class ListsBuilder {
  private readonly idOf = new Map<string, number>()
  private readonly starts = [0]
  private readonly ids: number[] = []

  add(values: Iterable<string>) {
    for (const value of new Set(values)) {
      let id = this.idOf.get(value)
      if (id === undefined) {
        id = this.idOf.size
        this.idOf.set(value, id)
      }
      this.ids.push(id)
    }
    this.starts.push(this.ids.length)
  }

  build(): Lists {
    return {
      names: [...this.idOf.keys()],
      starts: Uint32Array.from(this.starts),
      ids: Uint32Array.from(this.ids),
    }
  }
}

const dayOrNone = (date: string | null) => (date ? dayOf(date) : NO_DATE)

export class FactsBuilder {
  private readonly filingDays: number[] = []
  private readonly earliestDays: number[] = []
  private readonly publicationDays: number[] = []
  private readonly codes = new ListsBuilder()
  private readonly applicants = new ListsBuilder()
  private readonly inventors = new ListsBuilder()
  private readonly families = new FamiliesBuilder()

  add(patent: {
    reference: string
    filingDate: string | null
    priorityDate: string | null
    publicationDate: string | null
    codes: string[]
    applicants: string[]
    inventors: string[]
    familyId: string | null
    relatives: string[]
  }) {
    this.filingDays.push(dayOrNone(patent.filingDate))
    const dates = [patent.priorityDate, patent.filingDate].filter((date) => date != null).sort()
    this.earliestDays.push(dayOrNone(dates[0] ?? null))
    this.publicationDays.push(dayOrNone(patent.publicationDate))
    this.codes.add(patent.codes)
    this.applicants.add(patent.applicants.flatMap(nameWords))
    this.inventors.add(patent.inventors.flatMap(nameWords))
    this.families.add(patent.reference, patent.familyId, patent.relatives)
  }

  build() {
    return {
      filingDays: Int32Array.from(this.filingDays),
      earliestDays: Int32Array.from(this.earliestDays),
      publicationDays: Int32Array.from(this.publicationDays),
      codes: this.codes.build(),
      applicants: this.applicants.build(),
      inventors: this.inventors.build(),
      families: this.families.build(),
    }
  }
}

/**
 * `earliestDays`: each document's priority date, else its filing date, as a day number (what a search by
 * priority date reads, as Google Patents does); `families`: each document's family (families.ts).
 */
export type PatentFacts = {
  filingDays: Int32Array
  earliestDays: Int32Array
  publicationDays: Int32Array
  codes: Lists
  applicants: Lists
  inventors: Lists
  families: Uint32Array
}

/** The day numbers of each document's date of a type. */
export const daysOf = (facts: PatentFacts, type: DateType) =>
  type === 'filing' ? facts.filingDays : type === 'publication' ? facts.publicationDays : facts.earliestDays

export type FactArrays = {
  filingDays: Int32Array
  earliestDays: Int32Array
  publicationDays: Int32Array
  codeStarts: Uint32Array
  codeIds: Uint32Array
  applicantStarts: Uint32Array
  applicantIds: Uint32Array
  inventorStarts: Uint32Array
  inventorIds: Uint32Array
  families: Uint32Array
}

export function readFacts(
  arrays: FactArrays,
  names: { codes: string[]; applicantWords: string[]; inventorWords: string[] },
): PatentFacts {
  return {
    filingDays: arrays.filingDays,
    earliestDays: arrays.earliestDays,
    publicationDays: arrays.publicationDays,
    codes: { names: names.codes, starts: arrays.codeStarts, ids: arrays.codeIds },
    applicants: { names: names.applicantWords, starts: arrays.applicantStarts, ids: arrays.applicantIds },
    inventors: { names: names.inventorWords, starts: arrays.inventorStarts, ids: arrays.inventorIds },
    families: arrays.families,
  }
}

/** Filings per year among the documents `counted` lets through (all when undefined), by year ascending. */
export function filingsPerYear(facts: PatentFacts, counted?: (doc: number) => boolean) {
  const perYear = new Map<number, number>()
  facts.filingDays.forEach((day, doc) => {
    if (day === NO_DATE || (counted && !counted(doc))) return
    const year = new Date(day * DAY_MS).getUTCFullYear()
    perYear.set(year, (perYear.get(year) ?? 0) + 1)
  })
  return [...perYear].sort((a, b) => a[0] - b[0]).map(([year, filings]) => ({ year, filings }))
}

/**
 * Whether a document can be cited against an application filed on `date` (YYYY-MM-DD): filed, or with a
 * priority, before it (a later publication makes it E, the search report says), or with neither date known
 * (never assumed to be later; the report says its dates must be checked).
 */
export function earlierThan(facts: PatentFacts, date: string) {
  const day = dayOf(date)
  return (doc: number) => {
    const earliest = facts.earliestDays[doc] as number
    return earliest === NO_DATE || earliest < day
  }
}

/** Whether any of a document's values is flagged. */
function holdsAny(lists: Lists, flagged: Uint8Array, doc: number) {
  for (let i = lists.starts[doc] as number; i < (lists.starts[doc + 1] as number); i++)
    if (flagged[lists.ids[i] as number]) return true
  return false
}

/** The values of a table that pass a test, as flags by id. */
const flagsOf = (lists: Lists, test: (name: string) => boolean) =>
  Uint8Array.from(lists.names, (n) => (test(n) ? 1 : 0))

/** The documents (ascending) any of whose values is flagged: the lists walked once, in one loop. */
function holdingFlagged(lists: Lists, flagged: Uint8Array) {
  const { starts, ids } = lists
  const size = starts.length - 1
  const docs = new Uint32Array(size)
  let n = 0
  for (let doc = 0; doc < size; doc++)
    for (let i = starts[doc] as number; i < (starts[doc + 1] as number); i++)
      if (flagged[ids[i] as number]) {
        docs[n++] = doc
        break
      }
  return docs.slice(0, n)
}

const nameFlags = (lists: Lists, text: string) =>
  nameWords(text).map((word) => flagsOf(lists, (name) => name.startsWith(word)))

/**
 * The documents (ascending) whose names hold every word of `text`, as namesTest reads them: what a name
 * alone in a query (`inventor:john`) finds, at the cost of the lists rather than of a test per document.
 */
export function docsWithNames(lists: Lists, text: string) {
  const each = nameFlags(lists, text).map((flagged) => holdingFlagged(lists, flagged))
  const [first, ...rest] = each
  return rest.reduce<Uint32Array>((held, list) => intersect(held, list), first ?? new Uint32Array(0))
}

/** The documents (ascending) with a classification code under `cpc`, as the filter reads it. */
export const docsWithCode = (facts: PatentFacts, cpc: string) =>
  holdingFlagged(facts.codes, codeFlags(facts, cpc))

const codeFlags = (facts: PatentFacts, cpc: string) =>
  flagsOf(facts.codes, (code) => codePrefixes(code).includes(cpc))

/**
 * Whether every word of `text` begins a word of a document's names (applicants, inventors), as the SQL
 * filter reads it; a text of no word matches nothing.
 */
export function namesTest(lists: Lists, text: string) {
  const each = nameFlags(lists, text)
  // A loop, not `every` with a function: this runs for every document when the name stands alone.
  return (doc: number) => {
    for (const flagged of each) if (!holdsAny(lists, flagged, doc)) return false
    return each.length > 0
  }
}

/**
 * Whether the filters let a document through; undefined when there is no filter. Asked only of the
 * documents a query matches, so that a filter costs in proportion to them, not to the corpus.
 */
export function filterTest(
  facts: PatentFacts,
  filters: SearchFilters,
): ((doc: number) => boolean) | undefined {
  const tests: ((doc: number) => boolean)[] = []
  const { filingDays } = facts
  if (filters.from || filters.to) {
    const from = filters.from ? dayOf(filters.from) : NO_DATE + 1
    const to = filters.to ? dayOf(filters.to) : Number.POSITIVE_INFINITY
    tests.push((doc) => {
      const day = filingDays[doc] as number
      return day !== NO_DATE && day >= from && day <= to
    })
  }
  if (filters.cpc) {
    const flagged = codeFlags(facts, filters.cpc)
    tests.push((doc) => holdsAny(facts.codes, flagged, doc))
  }
  if (filters.applicant) tests.push(namesTest(facts.applicants, filters.applicant))
  if (tests.length === 0) return undefined
  return (doc) => tests.every((test) => test(doc))
}
