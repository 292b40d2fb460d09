import { type Feature, type FeatureMatch, featureLevelOf } from '@patentdesk/contract/analysis'
import { termsOf, wordTerms } from '~/shared/terms'
import { type Passage, type PatentText, passagesOf } from './passages'

/** A feature with its distinctive terms (Porter stems) and the weight the corpus gives each (TF-IDF, 1 or more). */
export type WeighedFeature = Feature & { terms: Map<string, number> }

/** A passage with its terms, read once for every feature. */
type ReadPassage = Passage & { terms: Set<string> }

/** Share of a feature's weighted terms a passage holds, 0–1; a feature without distinctive terms holds none. */
function share(feature: Map<string, number>, passage: Set<string>) {
  let total = 0
  let found = 0
  for (const [term, weight] of feature) {
    total += weight
    if (passage.has(term)) found += weight
  }
  return total === 0 ? 0 : found / total
}

/** The passage's words, lower-cased and once each, whose terms are the feature's. */
function sharedWords(feature: Map<string, number>, passage: string) {
  return [...wordTerms(passage)].filter(([, term]) => feature.has(term)).map(([word]) => word)
}

/**
 * A patent's column of the claim chart: for each feature, the passage of the patent that holds the
 * largest share of the feature's weighted terms (the shorter on a tie: the more precise quote), its
 * score and level. A feature no passage reaches `partly` for is `absent`, with no passage.
 */
export function chartColumn(features: WeighedFeature[], patent: PatentText): FeatureMatch[] {
  const passages: ReadPassage[] = passagesOf(patent).map((p) => ({ ...p, terms: new Set(termsOf(p.text)) }))
  return features.map((feature) => {
    let best: { passage: ReadPassage; share: number } | undefined
    for (const passage of passages) {
      const s = share(feature.terms, passage.terms)
      if (
        s > 0 &&
        (best === undefined ||
          s > best.share ||
          (s === best.share && passage.text.length < best.passage.text.length))
      )
        best = { passage, share: s }
    }
    const score = Math.round((best?.share ?? 0) * 100)
    const level = featureLevelOf(score)
    const shown = level === 'absent' ? undefined : best?.passage
    return {
      featureId: feature.id,
      level,
      score,
      passage: shown?.text ?? null,
      location: shown?.location ?? null,
      sharedWords: shown ? sharedWords(feature.terms, shown.text) : [],
    }
  })
}
