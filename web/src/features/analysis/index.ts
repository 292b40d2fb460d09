/** What other features may use of the analysis feature: the pieces the admin's analysis panel shows. */
export { TermsAndRisks } from './analysis-insights'
export { AnalysisErrorBox } from './analysis-status'
export { ClaimChart } from './claim-chart'
export { inventionName } from './invention-name'
export { NoveltyGauge } from './novelty-gauge'
export { PriorArtPanel } from './prior-art-panel'
export { SearchReportView } from './search-report'
