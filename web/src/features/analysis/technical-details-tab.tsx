import type { AnalysisResult } from '@patentdesk/contract/analysis'
import { InsightSection } from './analysis-insights'
import { describeEngine } from './engine-label'

/** How the figures were reached: the engine used. Which features the prior art holds is the claim chart's. */
export function TechnicalDetailsTab({ result }: { result: AnalysisResult }) {
  return (
    <InsightSection title="Analysis Engine">
      <p className="text-sm text-slate-700">{describeEngine(result.engine)}</p>
    </InsightSection>
  )
}
