import type { AnalysisResult } from '@patentdesk/contract/analysis'

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
    matchedTerms: ['soil', 'moisture', 'probe'],
    ...overrides,
  }
}

export function buildAnalysisResult(overrides: Partial<AnalysisResult> = {}): AnalysisResult {
  return {
    analysis: {
      summary: 'A solar-powered network of soil moisture sensors that report over a mesh radio.',
      noveltyScore: 64,
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
      patents: [buildSimilarPatent()],
    },
    engine: 'offline',
    notes: [],
    explanation: {
      features: [{ text: 'each probe harvests solar power', coverage: 40, coveredBy: 'GB2512345A' }],
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
    ...overrides,
  }
}
