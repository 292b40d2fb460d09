import type { AnalysisResult } from '@patentdesk/contract/analysis'
import { lazy, Suspense } from 'react'
import { Skeleton } from '@/components/ui/skeleton'
import { InsightSection, LevelAssessment, TermsAndRisks } from './analysis-insights'
import { NoveltyGauge } from './novelty-gauge'

// The chart library arrives with the first result, not with the form: most visits of the page start empty.
const MarketActivityChart = lazy(() =>
  import('./market-activity-chart').then((module) => ({ default: module.MarketActivityChart })),
)

/** The analysis fields (docs/product.md, Analysis): summary, novelty, innovations, key terms, risks, market
 * and complexity. */
export function AnalysisSummaryTab({ result }: { result: AnalysisResult }) {
  const { analysis, explanation } = result
  return (
    <div className="grid gap-6">
      <InsightSection title="Summary">
        <p className="whitespace-pre-wrap text-sm leading-relaxed text-slate-700">{analysis.summary}</p>
      </InsightSection>
      <NoveltyGauge score={analysis.noveltyScore} features={explanation.features} />
      <InsightSection title="Innovations">
        {analysis.innovations.length === 0 ? (
          <p className="text-sm text-muted-foreground">No innovations identified.</p>
        ) : (
          <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
            {analysis.innovations.map((innovation) => (
              <li key={innovation}>{innovation}</li>
            ))}
          </ul>
        )}
      </InsightSection>
      <TermsAndRisks result={result} />
      <div className="grid items-start gap-6 @xl:grid-cols-2">
        <InsightSection title="Market Potential">
          <LevelAssessment
            text={analysis.marketPotential}
            level={explanation.marketPotential.level}
            reasons={explanation.marketPotential.reasons}
          />
          {/* Results stored before the engine kept the years have none to chart. */}
          {explanation.marketPotential.activity && (
            <Suspense fallback={<Skeleton className="h-64" />}>
              <MarketActivityChart activity={explanation.marketPotential.activity} />
            </Suspense>
          )}
        </InsightSection>
        <InsightSection title="Technical Complexity">
          <LevelAssessment text={analysis.technicalComplexity} {...explanation.technicalComplexity} />
        </InsightSection>
      </div>
    </div>
  )
}
