import { type SimilarityResult, similarityBand } from '@patentdesk/contract/patents'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table'
import { Tooltip } from '@/components/ui/tooltip'
import { cn } from '@/lib/utils'
import { bandStyles } from './similarity-band'
import { SimilarityBars } from './similarity-bars'

const cellClass = 'inline-flex min-w-14 justify-center rounded-md px-2 py-1 font-semibold tabular-nums'

/** Server-computed text similarity of every pair (DESIGN §1), coloured by band, with the terms behind it. */
export function SimilarityMatrixTab({ result }: { result: SimilarityResult }) {
  const { patents, matrix, sharedTerms } = result
  return (
    <div className="grid gap-8">
      <p className="text-sm text-muted-foreground">
        How alike the titles, abstracts and claims are, weighing rare terms above common ones. Point at a
        percentage to see the terms the two patents share.
      </p>
      <Table label="Similarity matrix">
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead>
              <span className="sr-only">Patent</span>
            </TableHead>
            {patents.map((patent) => (
              <TableHead key={patent.reference} scope="col" className="text-center font-mono normal-case">
                {patent.reference}
              </TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {patents.map((patent, i) => (
            <TableRow key={patent.reference} className="hover:bg-transparent">
              <TableHead scope="row" className="h-auto max-w-36 py-2 normal-case tracking-normal sm:max-w-64">
                <span className="block font-mono text-foreground">{patent.reference}</span>
                <span className="block truncate font-normal" title={patent.title}>
                  {patent.title}
                </span>
              </TableHead>
              {patents.map((other, j) => (
                <TableCell key={other.reference} className="text-center">
                  <MatrixCell
                    percent={matrix[i]?.[j] ?? 0}
                    terms={i === j ? null : (sharedTerms[`${Math.min(i, j)}-${Math.max(i, j)}`] ?? [])}
                  />
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <BandLegend />
      <SimilarityBars result={result} />
    </div>
  )
}

/** A pair's percentage; the diagonal (a patent against itself, terms null) stays neutral. */
function MatrixCell({ percent, terms }: { percent: number; terms: string[] | null }) {
  if (terms === null)
    return <span className={cn(cellClass, 'bg-muted text-muted-foreground')}>{percent}%</span>
  const band = similarityBand(percent)
  return (
    <Tooltip content={terms.length > 0 ? `Shared terms: ${terms.join(', ')}` : 'No shared terms'}>
      <span data-band={band} className={cn(cellClass, 'cursor-help', bandStyles[band].cell)}>
        {percent}%
      </span>
    </Tooltip>
  )
}

function BandLegend() {
  return (
    <ul aria-label="Similarity bands" className="flex flex-wrap gap-x-5 gap-y-2 text-sm">
      {Object.entries(bandStyles).map(([band, { label, cell }]) => (
        <li key={band} className="inline-flex items-center gap-2">
          <span aria-hidden="true" className={cn('size-3.5 rounded', cell)} />
          {label}
        </li>
      ))}
    </ul>
  )
}
