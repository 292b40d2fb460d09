import type { CorpusCoverage, OfficeCoverage, YearCoverage } from '@patentdesk/contract/corpus'
import type { Db } from '~/db/database'
import { corpusVersion } from '~/engine/patent-index'
import { type CoverageGroup, findCoverageGroups } from './corpus-coverage.repo'

/**
 * `compute`'s answer for the version `version` names, kept until the version changes: each call asks the
 * version (cheap) and computes again only when it is not the one kept. Calls that come while an answer is
 * computed wait for that one computation. A failed computation is not kept: the next call tries again.
 */
export function cachedPerVersion<T>({
  version,
  compute,
}: {
  version: () => Promise<string>
  compute: (version: string) => Promise<T>
}) {
  let kept: { version: string; answer: Promise<T> } | undefined
  return async (): Promise<T> => {
    const current = await version()
    if (kept && kept.version === current) return kept.answer
    const entry = { version: current, answer: compute(current) }
    kept = entry
    entry.answer.catch(() => {
      if (kept === entry) kept = undefined
    })
    return entry.answer
  }
}

type Office = Omit<OfficeCoverage, 'kinds'> & { kinds: Map<string | null, number> }

const byYearThenOffice = (a: YearCoverage, b: YearCoverage) =>
  a.year - b.year || a.country.localeCompare(b.country)

/** Adds the counts to the office's year, a year the office has no row for yet starting at 0. */
function countYear(years: Map<string, YearCoverage>, { country, year, published, filed }: YearCoverage) {
  const key = `${country} ${year}`
  const counted = years.get(key) ?? { country, year, published: 0, filed: 0 }
  years.set(key, { ...counted, published: counted.published + published, filed: counted.filed + filed })
}

/**
 * The coverage answer from the table's groups (office × kind × publication year × filing year) and the last
 * import's time.
 */
export function coverageOf(groups: CoverageGroup[], lastImport: string | null): CorpusCoverage {
  const offices = new Map<string, Office>()
  const years = new Map<string, YearCoverage>()
  let latestPublication: string | null = null
  for (const { country, kind, year, filed, documents, latestPublication: latest } of groups) {
    const office = offices.get(country) ?? {
      country,
      documents: 0,
      undated: 0,
      firstYear: null,
      lastYear: null,
      firstFiled: null,
      lastFiled: null,
      kinds: new Map(),
    }
    offices.set(country, office)
    office.documents += documents
    office.kinds.set(kind, (office.kinds.get(kind) ?? 0) + documents)
    if (filed !== null) {
      office.firstFiled = Math.min(filed, office.firstFiled ?? filed)
      office.lastFiled = Math.max(filed, office.lastFiled ?? filed)
      countYear(years, { country, year: filed, published: 0, filed: documents })
    }
    if (year === null) {
      office.undated += documents
      continue
    }
    office.firstYear = Math.min(year, office.firstYear ?? year)
    office.lastYear = Math.max(year, office.lastYear ?? year)
    countYear(years, { country, year, published: documents, filed: 0 })
    if (latest !== null && (latestPublication === null || latest > latestPublication))
      latestPublication = latest
  }
  const officeList = [...offices.values()].map(({ kinds, ...office }) => ({
    ...office,
    kinds: [...kinds]
      .map(([kind, documents]) => ({ kind, documents }))
      // Most documents first; the unknown kind after the known ones of the same count.
      .sort((a, b) => b.documents - a.documents || (a.kind ?? '\uffff').localeCompare(b.kind ?? '\uffff')),
  }))
  return {
    total: officeList.reduce((sum, office) => sum + office.documents, 0),
    offices: officeList.sort((a, b) => b.documents - a.documents || a.country.localeCompare(b.country)),
    years: [...years.values()].sort(byYearThenOffice),
    latestPublication,
    lastImport,
  }
}

/** corpusVersion's time, or null when it names none (no load or import has finished yet). */
const timeOf = (version: string) => {
  const time = Date.parse(version)
  return Number.isNaN(time) ? null : new Date(time).toISOString()
}

/**
 * What the corpus covers (docs/product.md, Coverage): counted over the whole patents table, so computed once per
 * corpus version (it changes with every load and import) rather than per request.
 */
export function createCorpusCoverageService({ db }: { db: Db }) {
  const coverage = cachedPerVersion({
    version: () => corpusVersion(db),
    compute: async (version) => coverageOf(await findCoverageGroups(db), timeOf(version)),
  })
  return { coverage }
}

export type CorpusCoverageService = ReturnType<typeof createCorpusCoverageService>
