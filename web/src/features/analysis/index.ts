/** What other features may use of the analysis feature: the pieces the admin's analysis panel shows. */
export { InsightSection, KeyTerms, RiskList } from './analysis-insights'
export { AnalysisErrorBox } from './analysis-status'
export { NoveltyGauge } from './novelty-gauge'
