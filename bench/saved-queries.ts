import type { SavedQueryToMatch } from '~/engine/prior-art-index'
import type { CorpusRow } from './corpus'
import { random } from './prior-art-draw'

const wordsOf = (text: string) => text.toLowerCase().match(/[a-z]{4,}/g) ?? []

/**
 * The words a saved search is made of: those of the titles that name a subject (in 5 to 300 of the
 * titles), not the words every patent uses ("method", "system", "device"), which nobody watches alone.
 */
function subjectWords(patents: CorpusRow[]) {
  const titles = new Map<string, number>()
  for (const patent of patents)
    for (const word of new Set(wordsOf(patent.title))) titles.set(word, (titles.get(word) ?? 0) + 1)
  return (word: string) => {
    const n = titles.get(word) ?? 0
    return n >= 5 && n <= 300
  }
}

/**
 * `count` saved searches as users write them, drawn from the shipped patents' titles, claims and names
 * (their subject words):
 * two or three title words; a phrase of two; `TI=` of a word; two claim words NEAR/5 each other; words with
 * an applicant, a classification or a filing-date range; a truncation; an OR of two words. A fifth are of
 * each kind's share as listed.
 */
export function savedQueries(patents: CorpusRow[], count: number): SavedQueryToMatch[] {
  const next = random(42)
  const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)] as T
  const subject = subjectWords(patents)
  const queries: SavedQueryToMatch[] = []
  while (queries.length < count) {
    const patent = pick(patents)
    const title = wordsOf(patent.title).filter(subject)
    const claims = wordsOf((patent.claims ?? []).join(' '))
      .filter(subject)
      .slice(0, 40)
    if (title.length < 3 || claims.length < 2) continue
    const [a, b, c] = [pick(title), pick(title), pick(title)]
    const kind = queries.length % 9
    const filters =
      kind === 6
        ? { applicant: (patent.applicants?.[0] ?? '').split(/\s+/)[0] || undefined }
        : kind === 7
          ? { cpc: patent.cpc?.[0]?.slice(0, 4) }
          : kind === 8
            ? { from: '2005-01-01', to: '2015-12-31' }
            : {}
    const q = [
      `${a} ${b}`,
      `${a} ${b} ${c}`,
      `"${title.slice(0, 2).join(' ')}"`,
      `TI=(${a})`,
      `${pick(claims)} NEAR/5 ${pick(claims)}`,
      `${a.slice(0, 5)}* ${b}`,
      a,
      b,
      `${a} OR ${c}`,
    ][kind] as string
    queries.push({ id: queries.length + 1, q, filters })
  }
  return queries
}
