import type { ApplicationAnalysis } from '@patentdesk/contract/applications'
import { Sparkles } from 'lucide-react'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Tooltip } from '@/components/ui/tooltip'
import { formatDate, formatDateTime } from '@/lib/format'

type SimilarPatent = ApplicationAnalysis['similarPatents'][number]

/** Similarity badges (spec §9): overall destructive above 70; per patent destructive above 80, default above 60. */
const overallVariant = (score: number) => (score > 70 ? 'destructive' : 'secondary')
const patentVariant = (score: number) => (score > 80 ? 'destructive' : score > 60 ? 'default' : 'outline')

const percent = (score: number) => `${Math.round(score)}%`

export function AnalysisPanel({ analysis }: { analysis: ApplicationAnalysis | null }) {
  if (!analysis) return <NoAnalysis />
  return (
    <div className="grid gap-6">
      <section className="grid gap-2">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 className="text-sm font-semibold">Analysis Summary</h3>
          <p className="text-xs text-muted-foreground">
            Generated {formatDateTime(analysis.createdAt)} by {analysis.engine}
          </p>
        </div>
        <p className="whitespace-pre-wrap text-sm text-slate-700">{analysis.analysis}</p>
      </section>
      <section className="flex items-center gap-3">
        <h3 className="text-sm font-semibold">Overall Similarity</h3>
        <Badge variant={overallVariant(analysis.similarityScore)}>{percent(analysis.similarityScore)}</Badge>
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
        <Badge variant={patentVariant(patent.similarityScore)}>{percent(patent.similarityScore)} match</Badge>
      </div>
      <p className="mt-1.5 text-sm font-medium">{patent.title}</p>
      <p className="mt-1 text-xs text-muted-foreground">
        {patent.applicant ?? 'Not specified'} · Filed{' '}
        {patent.filingDate ? formatDate(patent.filingDate) : 'N/A'}
      </p>
    </li>
  )
}

function NoAnalysis() {
  return (
    <div className="flex flex-col items-center gap-4 py-8 text-center">
      <p className="text-sm text-muted-foreground">No analysis data available for this application.</p>
      <Tooltip content="Analysis generation arrives with the analysis engine; it is not available yet.">
        <Button disabled>
          <Sparkles />
          Generate Analysis
        </Button>
      </Tooltip>
    </div>
  )
}
