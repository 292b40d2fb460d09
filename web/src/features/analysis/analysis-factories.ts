import type { AnalysisResult, FeatureMatch } from '@patentdesk/contract/analysis'

type SimilarPatent = AnalysisResult['similarPatents']['patents'][number]

/** Contract-shaped analysis data for the component tests. */
export function buildSimilarPatent(overrides: Partial<SimilarPatent> = {}): SimilarPatent {
  const reference = overrides.reference ?? 'GB2512345A'
  return {
    title: `Soil moisture probe ${reference}`,
    reference,
    description: 'A probe that measures soil moisture and reports it by radio.',
    similarityScore: 55,
    applicant: 'Acme Sensors Ltd',
    filingDate: '2014-03-02',
    source: 'corpus',
    matchedTerms: ['soil', 'moisture', 'probe'],
    ...overrides,
  }
}

/** A claim chart cell: feature F1 partly found in a description paragraph. */
export function buildFeatureMatch(overrides: Partial<FeatureMatch> = {}): FeatureMatch {
  return {
    featureId: 'F1',
    level: 'partly',
    score: 60,
    passage: 'Each probe carries a solar cell that charges its battery.',
    location: 'description ¶4',
    sharedWords: ['probe', 'solar'],
    ...overrides,
  }
}

export function buildAnalysisResult(overrides: Partial<AnalysisResult> = {}): AnalysisResult {
  return {
    analysis: {
      summary: 'A solar-powered network of soil moisture sensors that report over a mesh radio.',
      noveltyScore: 64,
      features: [{ id: 'F1', text: 'each probe harvests solar power' }],
      innovations: ['Solar harvesting in each probe', 'Mesh relaying between probes'],
      keyTerms: ['soil moisture', 'mesh network', 'solar cell'],
      risksAndChallenges: [
        'Claim 1 may be too broad: Claim 1 names only two features.',
        'Reworded by a model',
      ],
      marketPotential: 'High: Terms of a large market: agriculture.',
      technicalComplexity: 'Combines known parts in a new arrangement.',
    },
    similarPatents: {
      overallSimilarity: 48,
      patents: [buildSimilarPatent({ featureMatches: [buildFeatureMatch()] })],
    },
    engine: 'offline',
    notes: [],
    explanation: {
      features: [{ text: 'each probe harvests solar power', coverage: 60, coveredBy: 'GB2512345A' }],
      risks: [
        {
          kind: 'broad-claim',
          risk: 'Claim 1 may be too broad',
          reason: 'Claim 1 names only two features.',
        },
      ],
      marketPotential: { level: 'High', reasons: ['Terms of a large market: agriculture.'] },
      technicalComplexity: { level: 'Medium', reasons: ['Three technical fields are combined.'] },
      similarPatents: 'Ordered by relevance among 320 candidates.',
    },
    searchReport: { cutOff: { date: '2015-03-02', basis: 'priority date' }, claims: [], citations: [] },
    sources: [],
    ...overrides,
  }
}

/**
 * A result with a claim chart: two claim elements against two charted patents (the second holds neither),
 * and a third patent, past the charted ones, without matches.
 */
export function buildChartedResult(): AnalysisResult {
  const base = buildAnalysisResult()
  const absent: Partial<FeatureMatch> = { level: 'absent', passage: null, location: null, sharedWords: [] }
  return {
    ...base,
    analysis: {
      ...base.analysis,
      features: [
        { id: '1a', text: 'An air pressure detection device for a wheel' },
        { id: '1b', text: 'an air pressure sensor for detecting the air pressure of a tire tube' },
      ],
    },
    similarPatents: {
      overallSimilarity: 60,
      patents: [
        buildSimilarPatent({
          reference: 'US6838984B2',
          title: 'Air pressure detection device for wheel',
          featureMatches: [
            buildFeatureMatch({
              featureId: '1a',
              level: 'found',
              score: 100,
              passage: 'Air pressure detection device for wheel',
              location: 'title',
              sharedWords: ['air', 'pressure', 'detection', 'wheel'],
            }),
            buildFeatureMatch({
              featureId: '1b',
              level: 'partly',
              score: 50,
              passage: 'The Pressure sensor sits in the tyre, "sealed", beside the pressure valve.',
              location: 'description ¶3',
              sharedWords: ['pressure', 'sensor'],
            }),
          ],
        }),
        buildSimilarPatent({
          reference: 'WO2020/123456',
          title: 'Pressure sensor with expanding member',
          featureMatches: [
            buildFeatureMatch({ featureId: '1a', score: 26, ...absent }),
            buildFeatureMatch({ featureId: '1b', score: 32, ...absent }),
          ],
        }),
        buildSimilarPatent({ reference: 'US8733078', title: 'Igniter with integral pressure sensing line' }),
      ],
    },
  }
}
