import {
  type AnalysisResult,
  analysisLimits,
  type CutOff,
  overallSimilarityVariant,
  patentSimilarityVariant,
} from '@patentdesk/contract/analysis'
import { sourceLabels } from '@patentdesk/contract/patents'
import { ExternalLink } from 'lucide-react'
import { Link } from 'react-router'
import { Badge } from '@/components/ui/badge'
import { cutText, formatPatentDate, googlePatentsUrl } from '@/features/patents'
import { cutOffText } from './search-report'
import { SimilarityChart } from './similarity-chart'

type SimilarPatents = AnalysisResult['similarPatents']
type SimilarPatent = SimilarPatents['patents'][number]

/**
 * Overall similarity and the closest patents, each linking out by reference (docs/product.md, Analysis),
 * with how they were chosen (`how`, the engine's explanation) and the date that counts, when the result has it.
 */
export function SimilarPatentsTab({
  similarPatents,
  how,
  cutOff,
}: {
  similarPatents: SimilarPatents
  how: string
  cutOff?: CutOff
}) {
  const { overallSimilarity, patents } = similarPatents
  return (
    <div className="grid gap-6">
      <section className="grid gap-2">
        <div className="flex items-center gap-3">
          <h3 className="text-sm font-semibold">Overall Similarity</h3>
          <Badge variant={overallSimilarityVariant(overallSimilarity)}>{overallSimilarity}%</Badge>
        </div>
        <p className="text-xs text-muted-foreground">{how}</p>
        {cutOff && <p className="text-xs font-medium">{cutOffText(cutOff)}</p>}
      </section>
      {patents.length === 0 ? (
        <p className="text-sm text-muted-foreground">No similar patents found.</p>
      ) : (
        <>
          <SimilarityChart patents={patents} />
          <ol aria-label="Similar patents" className="grid gap-3">
            {patents.map((patent, index) => (
              <SimilarPatentItem key={patent.reference} patent={patent} rank={index + 1} />
            ))}
          </ol>
        </>
      )}
    </div>
  )
}

function SimilarPatentItem({ patent, rank }: { patent: SimilarPatent; rank: number }) {
  return (
    <li className="grid gap-1.5 rounded-lg border p-4">
      <div className="flex items-start justify-between gap-3">
        <span className="flex gap-1.5 text-sm font-medium">
          <span className="text-muted-foreground tabular-nums">{rank}.</span>
          <a
            href={googlePatentsUrl(patent.reference)}
            target="_blank"
            rel="noopener noreferrer"
            className="text-sm font-medium text-primary hover:underline"
          >
            {patent.title}
            <ExternalLink aria-hidden="true" className="ml-1 inline size-3.5 align-[-2px]" />
          </a>
        </span>
        <Badge variant={patentSimilarityVariant(patent.similarityScore)}>
          {patent.similarityScore}% match
        </Badge>
      </div>
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
        <span className="font-mono font-medium text-foreground">{patent.reference}</span>
        <span>{patent.applicant ?? 'Not specified'}</span>
        <span>Filed {formatPatentDate(patent.filingDate)}</span>
        {patent.source !== 'corpus' && (
          <span className="rounded bg-sky-50 px-1.5 py-0.5 font-medium text-sky-800">
            From {sourceLabels[patent.source] ?? patent.source}
          </span>
        )}
        <Link
          to={`/patent-details/${encodeURIComponent(patent.reference)}`}
          aria-label={`Details for ${patent.reference}`}
          className="text-primary hover:underline"
        >
          Details
        </Link>
      </p>
      {patent.description && (
        <p className="text-sm leading-relaxed text-slate-700">
          {cutText(patent.description, analysisLimits.similarPreviewCut)}
        </p>
      )}
      {patent.matchedTerms.length > 0 && (
        <p className="text-xs text-muted-foreground">
          <span className="font-medium text-foreground">Your words it shares: </span>
          {patent.matchedTerms.join(', ')}
        </p>
      )}
    </li>
  )
}
