import type { SimilarityResult } from '@patentdesk/contract/patents'
import { cn } from '@/lib/utils'
import { bandStyles } from './similarity-band'
import { SimilarityBars } from './similarity-bars'
import { SimilarityHeatmap } from './similarity-heatmap'

/** Server-computed text similarity of every pair (docs/product.md, Comparison) as a heatmap, with the terms
 * behind it. */
export function SimilarityMatrixTab({ result }: { result: SimilarityResult }) {
  return (
    <div className="grid gap-8">
      <div className="grid gap-4">
        <p className="text-sm text-muted-foreground">
          How alike the titles, abstracts and claims are, weighing rare terms above common ones. Point at or
          focus a square to see the terms the two patents share.
        </p>
        <SimilarityHeatmap result={result} />
        <BandLegend />
      </div>
      <SimilarityBars result={result} />
    </div>
  )
}

function BandLegend() {
  return (
    <ul aria-label="Similarity bands" className="flex flex-wrap gap-x-5 gap-y-2 text-sm">
      {Object.entries(bandStyles).map(([band, { label, cell }]) => (
        <li key={band} className="inline-flex items-center gap-2">
          <span aria-hidden="true" className={cn('size-3.5 rounded border-2', cell)} />
          {label}
        </li>
      ))}
    </ul>
  )
}
