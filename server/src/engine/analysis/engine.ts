import {
  type AnalysisResult,
  type CutOff,
  chartedPatents,
  type FeatureMatch,
  foundFeatureCoverage,
} from '@patentdesk/contract/analysis'
import { referenceKey } from '@patentdesk/contract/patent-references'
import type { PriorArtIndex, SourcePatent, Weighed } from '~/engine/prior-art-index'
import {
  antecedentRisks,
  broadClaimRisks,
  excludedMatterRisks,
  type Risk,
  thinDescriptionRisk,
  vagueTermRisks,
} from './checks'
import { chartColumn, type WeighedFeature } from './claim-chart'
import { claimFeatures, descriptionFeatures } from './features'
import { keyTermsOf } from './key-terms'
import { marketPotentialOf, technicalComplexityOf } from './measures'
import { searchReportOf } from './search-report'
import { splitClaims, words } from './text'
import { clauseCut, sentences } from './units'
import { namesSomething, writtenForms } from './wording'

/** An invention to analyse; an application's abstract is read with the rest but is not its description. */
export type Invention = {
  title: string
  abstract?: string
  description: string
  claims?: string[]
  documentText?: string
  /** The date that counts (search-report.ts `placeOf`); none: every patent is ranked, with no report. */
  cutOff?: CutOff
  /** A patent whose prior art this is: it and its family are never ranked (the same invention's records). */
  itself?: InventionRecord
  /** Live sources' patents (dated before the cut-off), ranked and charted beside the corpus's. */
  visitors?: SourcePatent[]
}
/** What tells a patent's records apart from another invention's: onePerInvention's keys. */
type InventionRecord = {
  reference: string
  title: string
  applicants: string[]
  family: string[]
  /** DOCDB's family number, when an import gave one. */
  familyId?: string | null
}
export type Corpus = Pick<PriorArtIndex, 'weigh' | 'similar' | 'closest' | 'activity' | 'texts'>
type PriorArt = Awaited<ReturnType<Corpus['similar']>>['ranked'][number]
/** A patent found by the index, reranked or not, with its summary. */
type Found = Pick<PriorArt, 'reference' | 'patent'>

/** A feature counts as anticipated when one prior-art document holds this share of its distinctive terms. */
const ANTICIPATED = foundFeatureCoverage / 100
const SIMILAR_SHOWN = 10
/** Features no charted patent holds, looked for on their own for the report's combinations (partnersFor). */
const PARTNER_SEARCHES = 4
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
 * family of one already kept (continuations, other countries' publications: a listed member, a shared
 * priority, DOCDB's family number), is the same invention. Each
 * kept patent's `family` names the ones it stands for, as a search report names them (&).
 */
function onePerInvention<T extends Found>(found: T[], itself?: InventionRecord) {
  const keysOf = (patent: InventionRecord) => [
    `t:${normalised(patent.title)}|${normalised(patent.applicants[0] ?? '').split(' ')[0]}`,
    // By reference key: a family lists US6646577A for the record stored as US6646577.
    ...[patent.reference, ...patent.family].map((r) => `r:${referenceKey(r)}`),
    ...(patent.familyId ? [`f:${patent.familyId}`] : []),
  ]
  const keptBy = new Map<string, { family: string[] }>()
  // The patent whose prior art this is stands first, unlisted: its own records are left out with it.
  if (itself) for (const key of keysOf(itself)) keptBy.set(key, { family: [] })
  const kept: (T & { family: string[] })[] = []
  for (const candidate of found) {
    const keys = keysOf(candidate.patent)
    const same = keys.map((k) => keptBy.get(k)).find(Boolean)
    if (same) {
      same.family.push(candidate.reference)
      continue
    }
    const one = { ...candidate, family: [] }
    kept.push(one)
    for (const k of keys) keptBy.set(k, one)
  }
  return kept
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

/**
 * The invention's features (its claims' elements, else its description's technical elements), each with
 * its distinctive terms weighed against the corpus.
 */
async function weighFeatures(claims: string[], body: string, { weights, terms }: Weighed, corpus: Corpus) {
  // A hyphenated word ("feedback-controlled") is two terms, as the index splits it.
  const weightOf = (word: string) =>
    word.split('-').reduce((sum, part) => sum + (weights.get(terms.get(part) ?? '') ?? 0), 0)
  const listed = claims.length > 0 ? claimFeatures(claims) : descriptionFeatures(body, weightOf)
  // All the features in one question: one trip to the index, however many there are.
  const own = await corpus.weigh(listed.map((feature) => feature.text))
  return listed.map(
    (feature, i): WeighedFeature => ({
      ...feature,
      terms: new Map([...(own[i]?.weights ?? [])].filter(([, w]) => w >= 1)),
    }),
  )
}

/** The claim chart's columns: each patent's best match for every feature, by reference, in the order given. */
async function chartColumns(weighed: WeighedFeature[], references: string[], corpus: Corpus) {
  const texts = new Map((await corpus.texts(references)).map((text) => [text.reference, text]))
  return new Map(
    references.flatMap((reference) => {
      const text = texts.get(reference)
      return text ? [[reference, chartColumn(weighed, text)] as const] : []
    }),
  )
}

/**
 * Each feature's weight (its distinctive terms' summed weight), its coverage (its best match's share in
 * the chart, 0–1) and the patent of that match, for the novelty score to count what the chart shows.
 */
function coverageOf(weighed: WeighedFeature[], chart: Map<string, FeatureMatch[]>) {
  return weighed.map((feature, index) => {
    const best = [...chart]
      .map(([reference, column]) => ({ reference, score: column[index]?.score ?? 0 }))
      .sort((a, b) => b.score - a.score)[0]
    return {
      id: feature.id,
      text: feature.text,
      weight: [...feature.terms.values()].reduce((n, w) => n + w, 0),
      coverage: (best?.score ?? 0) / 100,
      coveredBy: best && best.score > 0 ? best.reference : null,
    }
  })
}

/**
 * Documents for the search report's combinations: a feature no charted patent holds is looked for on its
 * own, as an examiner searches for the element a combination needs, and the best patent found for it (not
 * already charted, never the invention's own family, none after the date that counts) is charted for the
 * report. The heaviest PARTNER_SEARCHES such features, in one question to the index's first stage (claim
 * elements are what BM25F finds best); none when every feature is found.
 */
async function partnersFor(
  weighed: WeighedFeature[],
  chart: Map<string, FeatureMatch[]>,
  invention: Invention,
  corpus: Corpus,
) {
  const missing = weighed
    .filter((_, index) => ![...chart.values()].some((column) => column[index]?.level === 'found'))
    .sort((a, b) => sumOf(b.terms) - sumOf(a.terms))
    .slice(0, PARTNER_SEARCHES)
  const bound = invention.cutOff && (invention.cutOff.filingDate ?? invention.cutOff.date)
  const found =
    missing.length === 0
      ? []
      : await corpus.closest(
          missing.map((f) => f.text),
          bound,
        )
  const partners = new Map<string, Found & { family: string[] }>()
  for (const list of found) {
    const best = onePerInvention(list, invention.itself).find((p) => !chart.has(p.reference))
    if (best) partners.set(best.reference, best)
  }
  return {
    partners: [...partners.values()],
    chart: await chartColumns(weighed, [...partners.keys()], corpus),
  }
}

const sumOf = (terms: Map<string, number>) => [...terms.values()].reduce((n, w) => n + w, 0)

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
/** The corpus with the live sources' patents beside it: ranked by `similar`, their texts for the chart. */
function visiting(corpus: Corpus, visitors: SourcePatent[]): Corpus {
  if (visitors.length === 0) return corpus
  const byReference = new Map(visitors.map((visitor) => [visitor.reference, visitor]))
  return {
    ...corpus,
    similar: (text, cutOff) => corpus.similar(text, cutOff, visitors),
    async texts(references) {
      const local = await corpus.texts(references.filter((reference) => !byReference.has(reference)))
      const visited = references.flatMap((reference) => byReference.get(reference) ?? [])
      return [...local, ...visited]
    },
  }
}

export async function analyzeInvention(
  invention: Invention,
  sources: Corpus,
): Promise<Omit<AnalysisResult, 'engine' | 'notes' | 'sources'>> {
  const corpus = visiting(sources, invention.visitors ?? [])
  const { body, text, description, claims, query } = inventionText(invention)
  // Asked together: the index answers one after the other, but neither waits for the other's trip.
  const [[weighed], { considered, ranked }] = await Promise.all([
    corpus.weigh([query]),
    // What was filed (or had a priority) on or after the filing date can stand against nothing.
    corpus.similar(query, invention.cutOff && (invention.cutOff.filingDate ?? invention.cutOff.date)),
  ])
  if (!weighed) throw new Error('the corpus weighed no text')
  const shown = onePerInvention(ranked, invention.itself).slice(0, SIMILAR_SHOWN)
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

  const weighedFeatures = await weighFeatures(claims, body, weighed, corpus)
  const chart = await chartColumns(
    weighedFeatures,
    shown.slice(0, chartedPatents).map((p) => p.reference),
    corpus,
  )
  const features = coverageOf(weighedFeatures, chart)
  // The report's documents: the charted patents, and those found for the features none of them holds.
  const { cutOff } = invention
  const { partners, chart: partnerChart } = cutOff
    ? await partnersFor(weighedFeatures, chart, invention, corpus)
    : { partners: [], chart: new Map<string, FeatureMatch[]>() }
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
      features: features.map(({ id, text }) => ({ id, text })),
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
        source: p.patent.source,
        matchedTerms: evidence(p.shared, 8),
        ...(chart.has(p.reference) ? { featureMatches: chart.get(p.reference) } : {}),
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
    ...(cutOff && {
      searchReport: searchReportOf(
        cutOff,
        claims,
        features,
        [...shown.slice(0, chartedPatents), ...partners].flatMap((p) => {
          const matches = chart.get(p.reference) ?? partnerChart.get(p.reference)
          return matches ? [{ ...p.patent, reference: p.reference, matches, family: p.family }] : []
        }),
      ),
    }),
  }
}
