import type { SavedQueryToMatch } from '~/engine/prior-art-index'
import { termOfWord } from '~/shared/terms'
import type { CorpusRow } from './corpus'
import { random } from './prior-art-draw'
import { percentile } from './stats'

/** A saved search of the benchmarks, with the kind of query it is (what the hit distribution is shown by). */
export type BenchSavedQuery = SavedQueryToMatch & { kind: string }

const wordsOf = (text: string) => text.toLowerCase().match(/[a-z]{4,}/g) ?? []

/**
 * In how many of the shipped patents each word's term is (the index's term: informative words, stemmed),
 * in any field, as the search matches it: the rarer, the more it says what a patent is about. A saved search
 * is made of such words, as a person watching a subject writes it. Terms are looked up once per word.
 */
function documentFrequency(patents: CorpusRow[]) {
  const termOf = new Map<string, string | undefined>()
  const term = (word: string) => {
    if (!termOf.has(word)) termOf.set(word, termOfWord(word))
    return termOf.get(word)
  }
  const df = new Map<string, number>()
  for (const patent of patents) {
    const text = [patent.title, patent.abstract, ...(patent.claims ?? []), patent.description].join(' ')
    const terms = new Set<string>()
    for (const word of wordsOf(text)) {
      const t = term(word)
      if (t) terms.add(t)
    }
    for (const t of terms) df.set(t, (df.get(t) ?? 0) + 1)
  }
  return (word: string) => {
    const t = term(word)
    return t === undefined ? 0 : (df.get(t) ?? 0)
  }
}

/** Words of a subject only some patents are about (in 5 to 300 of the 47,000 shipped patents). */
const SPECIFIC = [5, 300] as const
/** Words of a field (in 300 to 3,000): "battery", "sensor"; what a broad watch is made of. */
const TOPICAL = [300, 3000] as const

/**
 * The kinds of saved search, one of each in turn (20 a round): most combine two or three words of a
 * subject, as people narrow a watch down; some restrict a word to a field, use a phrase, proximity,
 * truncation, an applicant, a filing-date range or the abstract; a few are broad (a field's word in titles,
 * an OR of two), which find more.
 */
const kinds = [
  'two words',
  'two words',
  'two words',
  'two words',
  'three words',
  'three words',
  'phrase',
  'phrase and word',
  'title word and word',
  'title word and word',
  'title words',
  'NEAR/5',
  'NEAR/5',
  'truncation and word',
  'words, applicant filter',
  'assignee: and word',
  'words, filing dates',
  'abstract words',
  'OR and word',
  'broad: title word',
] as const

/**
 * `count` saved searches as users write them, deterministic (seeded), drawn from the shipped patents: each
 * from one patent's title and abstract, of the words that say what it is about (`SPECIFIC`, `TOPICAL`, by
 * how many shipped patents use them), in the search box's syntax. A search therefore finds the patents of
 * its subject among an import, which is few: a median of none to a few in 10,000 imported patents, more for
 * the broad ones (bench:alerts prints the distribution).
 */
export function savedQueries(patents: CorpusRow[], count: number): BenchSavedQuery[] {
  const next = random(42)
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)] as T
  /** `n` different items of `list`, in their order there; fewer if it has fewer. */
  const pickSome = (list: string[], n: number) => {
    const distinct = [...new Set(list)]
    const chosen = new Set<string>()
    while (chosen.size < Math.min(n, distinct.length)) chosen.add(pick(distinct))
    return distinct.filter((word) => chosen.has(word))
  }
  const df = documentFrequency(patents)
  const within = (word: string, [low, high]: readonly [number, number]) => df(word) >= low && df(word) <= high
  const queries: BenchSavedQuery[] = []
  while (queries.length < count) {
    const patent = pick(patents)
    const titleWords = wordsOf(patent.title)
    const abstractWords = wordsOf(patent.abstract ?? '')
    const words = [...titleWords, ...abstractWords]
    const specific = words.filter((word) => within(word, SPECIFIC))
    const topical = words.filter((word) => within(word, TOPICAL))
    const titleTopical = titleWords.filter((word) => within(word, TOPICAL))
    if (abstractWords.length < 30 || new Set(specific).size < 3 || new Set(topical).size < 2) continue
    const kind = kinds[queries.length % kinds.length] as (typeof kinds)[number]
    const [s1, s2, s3] = pickSome(specific, 3) as [string, string, string]
    const [t1, t2] = pickSome(topical, 2) as [string, string]
    let q: string | undefined
    let filters: SavedQueryToMatch['filters'] = {}
    switch (kind) {
      case 'two words':
        q = `${s1} ${s2}`
        break
      case 'three words':
        q = `${s1} ${t1} ${s2}`
        break
      case 'phrase':
      case 'phrase and word': {
        // Two words side by side in the title, one of them of the subject.
        const pairs = titleWords
          .slice(1)
          .map((word, i) => [titleWords[i] as string, word] as const)
          .filter(([a, b]) => within(a, SPECIFIC) || within(b, SPECIFIC))
        if (pairs.length === 0) continue
        const [a, b] = pick(pairs)
        const other = [s1, s2, s3].find((word) => word !== a && word !== b)
        q = kind === 'phrase' ? `"${a} ${b}"` : `"${a} ${b}" ${other}`
        break
      }
      case 'title word and word':
        if (titleTopical.length === 0) continue
        q = `TI=(${pick(titleTopical)}) ${s1}`
        break
      case 'title words': {
        const [a, b] = pickSome(titleTopical, 2)
        if (!b) continue
        q = `TI=(${a} ${b})`
        break
      }
      case 'NEAR/5': {
        // Two words of the subject within five words of each other in the abstract.
        const near = abstractWords.flatMap((word, i) =>
          within(word, SPECIFIC)
            ? abstractWords
                .slice(i + 1, i + 6)
                .filter((other) => other !== word && (within(other, SPECIFIC) || within(other, TOPICAL)))
                .map((other) => [word, other] as const)
            : [],
        )
        if (near.length === 0) continue
        const [a, b] = pick(near)
        q = `${a} NEAR/5 ${b}`
        break
      }
      case 'truncation and word':
        if (t1.length < 7) continue
        q = `${t1.slice(0, 5)}* ${s1}`
        break
      case 'words, applicant filter':
      case 'assignee: and word': {
        const name = (patent.applicants?.[0] ?? '').split(/\s+/)[0]?.replace(/[^\p{L}\p{N}]/gu, '') ?? ''
        if (name.length < 3) continue
        if (kind === 'words, applicant filter') {
          q = `${t1} ${t2}`
          filters = { applicant: name }
        } else q = `assignee:${name} ${t1}`
        break
      }
      case 'words, filing dates': {
        const year = Number(patent.filingDate?.slice(0, 4))
        if (!year) continue
        q = `${t1} ${s1}`
        filters = { from: `${year - 1}-01-01`, to: `${year + 1}-12-31` }
        break
      }
      case 'abstract words':
        q = `AB=(${s1} ${t1})`
        break
      case 'OR and word':
        q = `(${s1} OR ${s2}) ${t1}`
        break
      case 'broad: title word':
        if (titleTopical.length === 0) continue
        q = `TI=(${pick(titleTopical)})`
        break
    }
    if (q === undefined) continue
    queries.push({ id: queries.length + 1, q, filters, kind })
  }
  return queries
}

/**
 * How many patents each saved search found, as one line: searches with at least one, the median, p90,
 * p95, p99 and the most per search, the total; `byKind` adds a line per kind of query.
 */
export function printHitDistribution(
  hitsPerSearch: { kind: string; hits: number }[],
  imported: number,
  { byKind = false, indent = '  ' } = {},
) {
  const line = (label: string, list: number[]) => {
    const sorted = [...list].sort((a, b) => a - b)
    const withHits = sorted.filter((n) => n > 0).length
    const total = sorted.reduce((sum, n) => sum + n, 0)
    const share = (100 * withHits) / Math.max(1, sorted.length)
    return (
      `${indent}${label}: ${withHits.toLocaleString('en-GB')} of ${sorted.length.toLocaleString('en-GB')} ` +
      `searches found any (${share.toFixed(0)}%); per search median ${percentile(sorted, 50)}, ` +
      `p90 ${percentile(sorted, 90)}, p95 ${percentile(sorted, 95)}, p99 ${percentile(sorted, 99)}, ` +
      `most ${sorted.at(-1) ?? 0} of ${imported.toLocaleString('en-GB')}; ${total.toLocaleString('en-GB')} hits`
    )
  }
  console.log(
    line(
      'all',
      hitsPerSearch.map((h) => h.hits),
    ),
  )
  if (!byKind) return
  for (const kind of new Set(hitsPerSearch.map((h) => h.kind)))
    console.log(
      line(
        `  ${kind}`,
        hitsPerSearch.filter((h) => h.kind === kind).map((h) => h.hits),
      ),
    )
}
