import { type SimilarityResult, similarityBand } from '@patentdesk/contract/patents'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table'
import { Tooltip } from '@/components/ui/tooltip'
import { cn } from '@/lib/utils'
import { bandStyles } from './similarity-band'

type Patent = SimilarityResult['patents'][number]

const tile =
  'flex h-11 w-11 items-center justify-center rounded-md border-2 text-xs font-semibold tabular-nums sm:w-20 sm:text-sm'

/**
 * The matrix as a heatmap: a square per pair, coloured by band, its percentage written in it. It stays a
 * table, so a screen reader names the two patents of every value; each square takes the focus and shows
 * the pair and the terms they share on hover or focus, and the terms are in the cell's text as well.
 */
export function SimilarityHeatmap({ result }: { result: SimilarityResult }) {
  const { patents, matrix, sharedTerms } = result
  return (
    <Table label="Similarity matrix" className="w-auto border-separate border-spacing-1">
      <TableHeader>
        <TableRow className="border-0 hover:bg-transparent">
          <TableHead>
            <span className="sr-only">Patent</span>
          </TableHead>
          {patents.map((patent) => (
            <TableHead
              key={patent.reference}
              scope="col"
              // Upright on a phone, so ten columns of references still fit beside each other.
              className="h-auto w-11 px-0 pb-1 text-center align-bottom font-mono text-xs normal-case tracking-normal max-sm:[writing-mode:vertical-rl] max-sm:rotate-180 sm:w-20"
            >
              {patent.reference}
            </TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {patents.map((patent, i) => (
          <TableRow key={patent.reference} className="border-0 hover:bg-transparent">
            <TableHead
              scope="row"
              className="h-auto max-w-24 py-1 pr-2 pl-0 normal-case tracking-normal sm:max-w-64"
            >
              <span className="block font-mono text-foreground">{patent.reference}</span>
              <span className="block truncate font-normal" title={patent.title}>
                {patent.title}
              </span>
            </TableHead>
            {patents.map((other, j) => (
              <TableCell key={other.reference} className="p-0 text-center">
                <HeatmapTile
                  pair={[patent, other]}
                  percent={matrix[i]?.[j] ?? 0}
                  terms={i === j ? null : (sharedTerms[`${Math.min(i, j)}-${Math.max(i, j)}`] ?? [])}
                />
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}

type HeatmapTileProps = { pair: [Patent, Patent]; percent: number; terms: string[] | null }

/** A pair's square; the diagonal (a patent against itself, terms null) stays neutral and quiet. */
function HeatmapTile({ pair: [a, b], percent, terms }: HeatmapTileProps) {
  if (terms === null)
    return <span className={cn(tile, 'border-transparent bg-muted text-muted-foreground')}>{percent}%</span>
  const band = similarityBand(percent)
  const shared = terms.length > 0 ? `Shared terms: ${terms.join(', ')}` : 'No shared terms'
  return (
    <Tooltip content={`${a.reference} and ${b.reference}: ${percent}%. ${shared}`}>
      <span data-band={band} className={cn(tile, 'cursor-help', bandStyles[band].cell)}>
        {percent}%<span className="sr-only">. {shared}</span>
      </span>
    </Tooltip>
  )
}
