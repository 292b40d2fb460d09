import {
  type AnalysisResult,
  overallSimilarityVariant,
  patentSimilarityVariant,
} from '@patentdesk/contract/analysis'
import type { ApplicationAnalysis } from '@patentdesk/contract/applications'
import { LoaderCircle, RefreshCw, Sparkles } from 'lucide-react'
import type { ReactNode } from 'react'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { QueryState } from '@/components/ui/query-state'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs'
import {
  AnalysisErrorBox,
  ClaimChart,
  inventionName,
  NoveltyGauge,
  SearchReportView,
  TermsAndRisks,
} from '@/features/analysis'
import { formatDate, formatDateTime } from '@/lib/format'
import { useAnalysis, useGenerateAnalysis } from './api'

type SimilarPatent = ApplicationAnalysis['similarPatents'][number]

const percent = (score: number) => `${Math.round(score)}%`

/** The review's Analysis tab: the stored analysis, which only administrators may read. */
export function AnalysisTab({ applicationId }: { applicationId: number }) {
  const analysis = useAnalysis(applicationId)
  return (
    <QueryState query={analysis}>
      {(data) => <AnalysisPanel applicationId={applicationId} analysis={data} />}
    </QueryState>
  )
}

type AnalysisPanelProps = { applicationId: number; analysis: ApplicationAnalysis | null }

export function AnalysisPanel({ applicationId, analysis }: AnalysisPanelProps) {
  const generate = useGenerateAnalysis(applicationId)
  // The toast goes; the box stays with the server's message until the next attempt.
  const failure = generate.isError && <AnalysisErrorBox message={generate.error.message} />
  if (!analysis) {
    return (
      <div className="flex flex-col items-center gap-4 py-8 text-center">
        <p className="text-sm text-muted-foreground">No analysis data available for this application.</p>
        <GenerateButton generate={generate} />
        {failure && <div className="w-full text-left">{failure}</div>}
      </div>
    )
  }
  const overview = <AnalysisOverview analysis={analysis} generate={generate} failure={failure} />
  // Analyses stored before the engine kept its whole output have no features to chart.
  if (!analysis.result) return overview
  return (
    <Tabs defaultValue="overview">
      <TabsList>
        <TabsTrigger value="overview">Overview</TabsTrigger>
        <TabsTrigger value="chart">Claim chart</TabsTrigger>
        {analysis.result.searchReport && <TabsTrigger value="report">Search report</TabsTrigger>}
      </TabsList>
      <TabsContent value="overview">{overview}</TabsContent>
      <TabsContent value="chart">
        <ClaimChart result={analysis.result} analysedAt={analysis.createdAt} />
      </TabsContent>
      {analysis.result.searchReport && (
        <TabsContent value="report">
          <SearchReportView
            report={analysis.result.searchReport}
            subject={inventionName(analysis.result.analysis.summary)}
          />
        </TabsContent>
      )}
    </Tabs>
  )
}

type AnalysisOverviewProps = {
  analysis: ApplicationAnalysis
  generate: ReturnType<typeof useGenerateAnalysis>
  failure: ReactNode
}

/** The stored analysis: its summary with the button to run it again, the insights and the similar patents. */
function AnalysisOverview({ analysis, generate, failure }: AnalysisOverviewProps) {
  return (
    <div className="grid gap-6">
      {failure}
      <section className="grid gap-2">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 className="text-sm font-semibold">Analysis Summary</h3>
          <div className="flex flex-wrap items-center gap-3">
            <p className="text-xs text-muted-foreground">
              Generated {formatDateTime(analysis.createdAt)} by {analysis.engine}
            </p>
            <GenerateButton generate={generate} regenerate />
          </div>
        </div>
        <p className="whitespace-pre-wrap text-sm text-slate-700">{analysis.analysis}</p>
      </section>
      {analysis.result && <ResultInsights result={analysis.result} />}
      <section className="flex items-center gap-3">
        <h3 className="text-sm font-semibold">Overall Similarity</h3>
        <Badge variant={overallSimilarityVariant(analysis.similarityScore)}>
          {percent(analysis.similarityScore)}
        </Badge>
      </section>
      <section className="grid gap-3">
        <h3 className="text-sm font-semibold">Similar Patents</h3>
        {analysis.similarPatents.length === 0 ? (
          <p className="text-sm text-muted-foreground">No similar patents found.</p>
        ) : (
          <ul className="grid gap-3">
            {analysis.similarPatents.map((patent) => (
              <SimilarPatentItem key={patent.reference} patent={patent} />
            ))}
          </ul>
        )}
      </section>
    </div>
  )
}

function SimilarPatentItem({ patent }: { patent: SimilarPatent }) {
  return (
    <li className="rounded-lg border p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-mono text-xs font-semibold text-primary">{patent.reference}</span>
        <Badge variant={patentSimilarityVariant(patent.similarityScore)}>
          {percent(patent.similarityScore)} match
        </Badge>
      </div>
      <p className="mt-1.5 text-sm font-medium">{patent.title}</p>
      <p className="mt-1 text-xs text-muted-foreground">
        {patent.applicant ?? 'Not specified'} · Filed{' '}
        {patent.filingDate ? formatDate(patent.filingDate) : 'N/A'}
      </p>
    </li>
  )
}

/** Novelty, key terms and risks, which only analyses stored with the whole engine output have. */
function ResultInsights({ result }: { result: AnalysisResult }) {
  return (
    <>
      <NoveltyGauge score={result.analysis.noveltyScore} features={result.explanation.features} />
      <TermsAndRisks result={result} />
    </>
  )
}

type GenerateButtonProps = { generate: ReturnType<typeof useGenerateAnalysis>; regenerate?: boolean }

/** Runs the engine on the application; the stored analysis is then read again. */
function GenerateButton({ generate, regenerate = false }: GenerateButtonProps) {
  const Icon = generate.isPending ? LoaderCircle : regenerate ? RefreshCw : Sparkles
  return (
    <Button
      variant={regenerate ? 'outline' : 'default'}
      size={regenerate ? 'sm' : 'default'}
      disabled={generate.isPending}
      onClick={() => generate.mutate()}
    >
      <Icon className={generate.isPending ? 'animate-spin' : undefined} />
      {generate.isPending ? 'Generating...' : regenerate ? 'Regenerate Analysis' : 'Generate Analysis'}
    </Button>
  )
}
