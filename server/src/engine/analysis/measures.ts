/** The two measures the analysis gives as a level with its reasons: market potential and technical complexity. */
import type { Level } from '@patentdesk/contract/analysis'
import { plural } from '@patentdesk/contract/common'
import type { PriorArtIndex, Weighed } from '~/engine/prior-art-index'
import { wordCount } from './text'
import { growthReason } from './wording'

type Activity = Awaited<ReturnType<PriorArtIndex['activity']>>

export function marketPotentialOf(activity: Activity): {
  level: Level
  reasons: string[]
  activity: { year: number; related: number; all: number }[]
} {
  // The last year the corpus covers well (a handful of later documents would make a hollow window).
  const busiest = Math.max(...activity.all.map((r) => r.filings), 0)
  const latest = Math.max(...activity.all.filter((r) => r.filings >= busiest / 10).map((r) => r.year), 0)
  const sum = (rows: { year: number; filings: number }[], from: number, to: number) =>
    rows.filter((r) => r.year >= from && r.year <= to).reduce((n, r) => n + r.filings, 0)
  const recent = sum(activity.related, latest - 4, latest)
  const earlier = sum(activity.related, latest - 9, latest - 5)
  // Growth relative to the corpus's own growth, so a year the corpus covers thinly does not look like a decline.
  const corpusGrowth =
    sum(activity.all, latest - 4, latest) / Math.max(1, sum(activity.all, latest - 9, latest - 5))
  const growth = recent / Math.max(1, earlier) / Math.max(0.01, corpusGrowth)
  const level: Level = recent >= 150 && growth >= 0.9 ? 'High' : recent >= 30 ? 'Medium' : 'Low'
  // The ten years weighed above, a row each (zero where none was filed), so a chart shows what the reasons sum.
  const years = latest === 0 ? [] : Array.from({ length: 10 }, (_, i) => latest - 9 + i)
  return {
    level,
    activity: years.map((year) => ({
      year,
      related: sum(activity.related, year, year),
      all: sum(activity.all, year, year),
    })),
    // Without dated filings there are no years to name ("in -4–0") and no growth to measure.
    reasons:
      latest === 0
        ? ['The corpus holds no dated filings to compare with.']
        : [
            `${plural(recent, 'related filing')} in ${latest - 4}–${latest} against ${earlier.toLocaleString('en-GB')} in ${latest - 9}–${latest - 5} in the corpus.`,
            growthReason(growth),
          ],
  }
}

/** Measured over `text` (the description): its specialist terms and its words are counted in the same text. */
export function technicalComplexityOf(
  text: string,
  claims: string[],
  { weights, terms, corpusSize }: Weighed,
) {
  const total = wordCount(text)
  // A term in fewer than 1 in 200 patents is specialist vocabulary.
  const specialistIdf = Math.log(corpusSize / 200)
  // The text's words as the index splits them (letters and digits), each looked up as its term.
  const specialist = new Set(
    (text.toLowerCase().match(/[a-z0-9]+/g) ?? []).flatMap((word) => {
      const term = terms.get(word)
      return term !== undefined && (weights.get(term) ?? 0) >= specialistIdf ? [term] : []
    }),
  ).size
  const density = total === 0 ? 0 : (specialist / total) * 100
  const components = new Set(
    [...`${claims.join(' ')} ${text}`.toLowerCase().matchAll(/\b(?:a|an)\s+([a-z][a-z-]{3,})/g)].map(
      (m) => m[1],
    ),
  ).size
  const score = density * 2 + components / 5 + claims.length / 5
  const level: Level = score >= 12 ? 'High' : score >= 6 ? 'Medium' : 'Low'
  return {
    level,
    reasons: [
      `${plural(specialist, 'specialist term')} (rare in the corpus) in ${plural(total, 'word')}: ${density.toFixed(1)} per 100 words.`,
      `${plural(components, 'distinct component')} introduced${claims.length > 0 ? ` across ${plural(claims.length, 'claim')}` : ''}.`,
    ],
  }
}
