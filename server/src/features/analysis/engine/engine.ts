import { type AnalysisResult, foundFeatureCoverage, type Level } from '@patentdesk/contract/analysis'
import type { PriorArtIndex } from '~/features/prior-art/prior-art.service'
import {
  antecedentRisks,
  broadClaimRisks,
  excludedMatterRisks,
  type Risk,
  thinDescriptionRisk,
  vagueTermRisks,
} from './checks'
import { plural, splitClaims, wordCount, words } from './text'
import { claimElements, clauseCut, sentences, withoutJoiners } from './units'
import { growthReason, namesSomething, writtenForms } from './wording'

/** An invention to analyse; an application's abstract is read with the rest but is not its description. */
export type Invention = {
  title: string
  abstract?: string
  description: string
  claims?: string[]
  documentText?: string
}
export type Corpus = Pick<PriorArtIndex, 'weigh' | 'similar' | 'activity'>
type PriorArt = Awaited<ReturnType<Corpus['similar']>>['ranked'][number]
type Weighed = Awaited<ReturnType<Corpus['weigh']>>

/** A feature counts as anticipated when one prior-art document holds this share of its distinctive terms. */
const ANTICIPATED = foundFeatureCoverage / 100
const SIMILAR_SHOWN = 10
/** An innovation longer than this many words is cut at a comma or semicolon, so the list stays readable. */
const INNOVATION_WORDS = 60
/** A shared term is named as evidence from this TF-IDF weight in the input (about 1 patent in 8 or rarer). */
const EVIDENCE_WEIGHT = 2

const normalised = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()

/**
 * One patent per invention, the best placed: a later one with the same title and an applicant of the
 * same first word (an assignment renames "EMC Corporation" to "EMC IP Holding Company LLC"), or of the
 * family of one already kept (continuations, other countries' publications), is the same invention.
 */
function onePerInvention(found: PriorArt[]) {
  const keys = new Set<string>()
  const references = new Set<string>()
  return found.filter(({ patent }) => {
    const key = `${normalised(patent.title)}|${normalised(patent.applicants[0] ?? '').split(' ')[0]}`
    if (keys.has(key) || references.has(patent.reference) || patent.family.some((r) => references.has(r)))
      return false
    keys.add(key)
    for (const reference of [patent.reference, ...patent.family]) references.add(reference)
    return true
  })
}

/**
 * The invention's features, each a whole unit of its text: the elements of its first claim and its other
 * claims when it has claims, otherwise its key sentences.
 */
function featuresOf(claims: string[], text: string, weighed: Weighed) {
  if (claims.length > 0) {
    const [first = '', ...rest] = claims
    return [...claimElements(first), ...rest].slice(0, 12)
  }
  return rankSentences(text, weighed).slice(0, 8).map(withoutJoiners)
}

/** Sentences by the summed weight of their terms per word (so long sentences do not win by length). */
function rankSentences(text: string, { weights, terms }: Weighed) {
  const wordWeight = (word: string) => weights.get(terms.get(word) ?? '') ?? 0
  // Each sentence once: an abstract is often the description's first paragraph again.
  return [...new Set(sentences(text))]
    .map((sentence, index) => {
      const ws = words(sentence)
      const score =
        ws.reduce((sum, w) => sum + wordWeight(w), 0) / Math.sqrt(ws.length) + (index === 0 ? 1 : 0)
      return { sentence, index, score }
    })
    .sort((a, b) => b.score - a.score)
    .map((s) => s.sentence)
}

function summaryOf(text: string, weighed: Weighed) {
  const all = [...new Set(sentences(text))]
  const best = new Set(rankSentences(text, weighed).slice(0, 3))
  return all.filter((s) => best.has(s)).join(' ') || all[0] || text.slice(0, 400)
}

/** Share of a feature's weighted distinctive terms present in a document, 0–1. */
function coverage(feature: Map<string, number>, document: Set<string>) {
  let total = 0
  let found = 0
  for (const [term, weight] of feature) {
    total += weight
    if (document.has(term)) found += weight
  }
  return total === 0 ? 1 : found / total
}

/**
 * The invention's most distinctive terms as the words it uses, after its repeated two-word phrases of
 * them; each word as `written` has it ("LED", "MPa"), lower case otherwise.
 */
function keyTermsOf({ weights, words: wordOf, terms }: Weighed, text: string, written: Map<string, string>) {
  // Codes and numbers (model numbers, references) are distinctive but name nothing; nor do units,
  // number words and patent boilerplate ("mm", "five", "fig"), which are rare enough to rank high.
  const ranked = [...weights.entries()]
    .filter(([term]) => !/\d/.test(term) && namesSomething(wordOf.get(term) ?? term))
    .sort((a, b) => b[1] - a[1])
    .map(([term]) => term)
  const topTerms = new Set(ranked.slice(0, 12))
  // Two-word phrases made of two top terms, as they stand in the text ("friction clutch"); a phrase and
  // its plural ("poppet valve", "poppet valves") are one, named in the form the text uses most.
  const phrases = new Map<
    string,
    { terms: string[]; uses: number; forms: Map<string, number>; continued: number }
  >()
  const ws = words(text)
  for (let i = 0; i + 1 < ws.length; i++) {
    const pair = [ws[i] as string, ws[i + 1] as string]
    const pairTerms = pair.map((w) => terms.get(w) ?? '')
    if (!pairTerms.every((t) => topTerms.has(t))) continue
    const key = pairTerms.join(' ')
    const phrase = phrases.get(key) ?? { terms: pairTerms, uses: 0, forms: new Map(), continued: 0 }
    const form = pair.join(' ')
    phrase.uses++
    if (topTerms.has(terms.get(ws[i + 2] ?? '') ?? '')) phrase.continued++
    phrase.forms.set(form, (phrase.forms.get(form) ?? 0) + 1)
    phrases.set(key, phrase)
  }
  // A pair that mostly runs on into a third top term is the head of a longer name ("intake poppet" of
  // "intake poppet valve", "target remaining" of "target remaining capacity"), and reads cut off.
  const repeated = [...phrases.values()]
    .filter((p) => p.uses > 1 && p.continued * 2 <= p.uses)
    .sort((a, b) => b.uses - a.uses)
    .slice(0, 3)
  const mostUsed = (forms: Map<string, number>) => [...forms].sort((a, b) => b[1] - a[1])[0]?.[0] ?? ''
  // A term a phrase already names is not named again alone ("tripod head", then not "tripod").
  const inPhrases = new Set(repeated.flatMap((p) => p.terms))
  const asWritten = (phrase: string) =>
    phrase
      .split(' ')
      .map((w) => written.get(w) ?? w)
      .join(' ')
  return [
    ...repeated.map((p) => mostUsed(p.forms)),
    // Drawn from a few more terms, so that those left out for the phrases leave the list as long.
    ...ranked
      .slice(0, 16)
      .filter((term) => !inPhrases.has(term))
      .map((term) => wordOf.get(term) ?? term),
  ]
    .map(asWritten)
    .filter((t, i, all) => all.indexOf(t) === i)
    .slice(0, 10)
}

function marketPotentialOf(activity: Awaited<ReturnType<Corpus['activity']>>): {
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
function technicalComplexityOf(text: string, claims: string[], { weights, terms, corpusSize }: Weighed) {
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

/**
 * The invention's texts: its body (abstract, description and documents), all of it, its claims (given,
 * or written in the body), its description (the body without the abstract and those claims, whose words
 * the risks and complexity count), and the prior-art query.
 */
export function inventionText(invention: Invention) {
  const written = [invention.description, invention.documentText].filter(Boolean).join('\n\n')
  const body = [invention.abstract, written].filter(Boolean).join('\n\n')
  const text = `${invention.title}\n\n${body}`
  const given = invention.claims && invention.claims.length > 0 ? invention.claims : undefined
  const { description, claims } = given ? { description: written, claims: given } : splitClaims(written)
  return { body, text, description, claims, query: `${text}\n${claims.join('\n')}` }
}

/** The offline analysis: every value derived from the input and the corpus, the same for the same input. */
export async function analyzeInvention(
  invention: Invention,
  corpus: Corpus,
): Promise<Omit<AnalysisResult, 'engine' | 'notes'>> {
  const { body, text, description, claims, query } = inventionText(invention)
  const weighed = await corpus.weigh(query)
  const { considered, ranked } = await corpus.similar(query)
  const shown = onePerInvention(ranked).slice(0, SIMILAR_SHOWN)
  const percentOf = (p: PriorArt) => Math.round(p.closest * 100)
  const wordsOf = (terms: string[]) => terms.map((term) => weighed.words.get(term) ?? term)
  // The words as the description writes them ("LED", "MPa"); the title is left out, being often in Title Case.
  const written = writtenForms(body)
  // Evidence worth showing: shared terms the corpus does not use everywhere ("when", "within" are not)
  // that name something (not "fig", "wherein" nor a unit).
  const evidence = (terms: string[], count: number) =>
    wordsOf(terms.filter((term) => (weighed.weights.get(term) ?? 0) >= EVIDENCE_WEIGHT))
      .filter(namesSomething)
      .slice(0, count)
      .map((word) => written.get(word) ?? word)

  const features = await Promise.all(
    featuresOf(claims, body, weighed).map(async (feature) => {
      const { weights: own } = await corpus.weigh(feature)
      const distinctive = new Map([...own].filter(([, w]) => w >= 1))
      const best = shown
        .map((p) => ({ reference: p.reference, share: coverage(distinctive, new Set(p.terms)) }))
        .sort((a, b) => b.share - a.share)[0]
      const weight = [...distinctive.values()].reduce((n, w) => n + w, 0)
      return {
        text: feature,
        weight,
        coverage: best?.share ?? 0,
        coveredBy: best && best.share > 0 ? best.reference : null,
      }
    }),
  )
  const totalWeight = features.reduce((n, f) => n + f.weight, 0)
  const noveltyScore =
    totalWeight === 0
      ? 50
      : Math.round((100 * features.reduce((n, f) => n + f.weight * (1 - f.coverage), 0)) / totalWeight)
  const leastCovered = [...features]
    .filter((f) => f.coverage < ANTICIPATED)
    .sort((a, b) => a.coverage - b.coverage)
    .slice(0, 3)
  // Whole sentences or claim elements; a long one cut at a clause boundary, so two may read the same.
  const innovations = (leastCovered.length > 0 ? leastCovered : features.slice(0, 1))
    .map((f) => clauseCut(f.text, INNOVATION_WORDS))
    .filter((text, i, all) => all.indexOf(text) === i)

  const top = shown.slice(0, 3).map(percentOf)
  const overallSimilarity = top.length === 0 ? 0 : Math.round(top.reduce((a, b) => a + b, 0) / top.length)
  const closest = shown[0]
  const risks: Risk[] = [
    ...excludedMatterRisks(text),
    ...(closest && percentOf(closest) >= 60
      ? [
          {
            kind: 'close-prior-art',
            risk: `Close prior art: ${closest.reference}`,
            reason: `"${closest.patent.title}" shares ${percentOf(closest)}% of the weighted vocabulary (${evidence(closest.shared, 4).join(', ')}).`,
          },
        ]
      : []),
    ...vagueTermRisks(claims),
    ...antecedentRisks(claims),
    ...broadClaimRisks(claims),
    ...thinDescriptionRisk(description, claims),
  ]
  const topWords = wordsOf(
    [...weighed.weights.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 5)
      .map(([t]) => t),
  )
  const market = marketPotentialOf(await corpus.activity(topWords))
  const complexity = technicalComplexityOf(description || body || text, claims, weighed)

  return {
    analysis: {
      // The abstract and description, not claims written in the text: a summary restates no claim.
      summary: summaryOf(
        [invention.abstract, description].filter(Boolean).join('\n\n') || body || text,
        weighed,
      ),
      noveltyScore,
      innovations,
      keyTerms: keyTermsOf(weighed, text, written),
      risksAndChallenges: risks.map((r) => `${r.risk}: ${r.reason}`),
      marketPotential: `${market.level}: ${market.reasons.join(' ')}`,
      technicalComplexity: `${complexity.level}: ${complexity.reasons.join(' ')}`,
    },
    similarPatents: {
      overallSimilarity,
      patents: shown.map((p) => ({
        title: p.patent.title,
        reference: p.reference,
        description: p.patent.abstract ?? '',
        similarityScore: percentOf(p),
        applicant: p.patent.applicants[0] ?? null,
        filingDate: p.patent.filingDate,
        matchedTerms: evidence(p.shared, 8),
      })),
    },
    explanation: {
      features: features.map((f) => ({
        text: f.text,
        coverage: Math.round(f.coverage * 100),
        coveredBy: f.coveredBy,
      })),
      risks,
      marketPotential: market,
      technicalComplexity: complexity,
      similarPatents:
        `Ordered by relevance: ${considered} candidates drawn from ${weighed.corpusSize.toLocaleString('en-GB')} patents ` +
        'by their words and titles were ranked by a model trained on the corpus, and one patent is kept per invention. ' +
        'Each percentage is the share of the weighted vocabulary the description has in common with the closest part ' +
        'of that patent (front page, claims or description); overall similarity is the average of the first three.',
    },
  }
}
