import {
  type AnalysisResult,
  type Feature,
  type FeatureLevel,
  type FeatureMatch,
  foundFeatureCoverage,
  partlyFeatureCoverage,
} from '@patentdesk/contract/analysis'

/*
 * The claim chart as the screen, the CSV and the DOCX all read it: the invention's features against the
 * charted patents, one cell per feature × patent.
 */

export type ChartPatent = { reference: string; title: string }
export type ChartCell = { feature: Feature; patent: ChartPatent; match: FeatureMatch }
/** `cells` runs feature by feature, each in the patents' order. */
export type ClaimChart = { features: Feature[]; patents: ChartPatent[]; cells: ChartCell[] }

/** What a cell says when its patent carries no match for the feature (the contract promises one each). */
const noMatch = (featureId: string): FeatureMatch => ({
  featureId,
  level: 'absent',
  score: 0,
  passage: null,
  location: null,
  sharedWords: [],
})

/** The chart of a result: the patents that carry feature matches (the closest few) against every feature. */
export function claimChartOf(result: AnalysisResult): ClaimChart {
  const { features } = result.analysis
  const columns = result.similarPatents.patents.flatMap(({ reference, title, featureMatches }) =>
    featureMatches ? [{ patent: { reference, title }, matches: featureMatches }] : [],
  )
  const cells = features.flatMap((feature) =>
    columns.map(({ patent, matches }) => ({
      feature,
      patent,
      match: matches.find((match) => match.featureId === feature.id) ?? noMatch(feature.id),
    })),
  )
  const patents = columns.map(({ patent }) => patent)
  return { features, patents, cells }
}

/** A row of the chart: one feature against each patent. */
export const cellsOfFeature = (chart: ClaimChart, feature: Feature) =>
  chart.cells.filter((cell) => cell.feature === feature)

/** A column of the chart: one patent against each feature. */
export const cellsOfPatent = (chart: ClaimChart, patent: ChartPatent) =>
  chart.cells.filter((cell) => cell.patent === patent)

/** Why there is no chart to show, or null when there is one. */
export function emptyChartMessage(chart: ClaimChart) {
  if (chart.features.length === 0) return 'No claim chart: no features were identified.'
  if (chart.patents.length === 0) return 'No claim chart: no similar patents to compare.'
  return null
}

/** What the chart is, with the thresholds the engine applies. */
export function chartPurpose(patentCount: number) {
  const compared = patentCount === 1 ? 'the closest patent' : `the ${patentCount} closest patents`
  return (
    `Each feature of the invention is compared with ${compared}: a cell is “Found” when one passage of ` +
    `the patent holds ${foundFeatureCoverage}% or more of the feature's distinctive terms, and “Partly” ` +
    `from ${partlyFeatureCoverage}%.`
  )
}

export const levelNames: Record<FeatureLevel, string> = {
  found: 'Found',
  partly: 'Partly',
  absent: 'Not found',
}

/** The level in words with its score, e.g. "Found · 100%": the colour of a cell is never the only sign. */
export const levelLabel = ({ level, score }: FeatureMatch) => `${levelNames[level]} · ${score}%`
