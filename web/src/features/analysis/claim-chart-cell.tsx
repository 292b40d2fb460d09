import type { FeatureLevel } from '@patentdesk/contract/analysis'
import { useId, useState } from 'react'
import { Button } from '@/components/ui/button'
import { highlightTerms, MarkedText } from '@/features/patents'
import { cn } from '@/lib/utils'
import { chartColours } from './chart-colours'
import { type ChartCell, levelLabel } from './claim-chart-data'

/**
 * Found strongly tinted, partly lightly, not found neutral; the dark text of each keeps AA contrast on its
 * tint, and the swatch is the colour the novelty charts give the level.
 */
const levelStyles: Record<FeatureLevel, { cell: string; swatch: string | null }> = {
  found: { cell: 'bg-red-200 text-red-950', swatch: chartColours.found },
  partly: { cell: 'bg-amber-50 text-amber-950', swatch: chartColours.partly },
  absent: { cell: 'text-slate-600', swatch: null },
}

/** One feature against one patent: the level in colour and words, and the passage on demand. */
export function ClaimChartCell({ cell }: { cell: ChartCell }) {
  const { match } = cell
  const { cell: tint, swatch } = levelStyles[match.level]
  return (
    <td className={cn('min-w-44 px-3 py-2.5 align-top', tint)}>
      <p className="flex items-center gap-1.5 whitespace-nowrap font-medium">
        {swatch && (
          <span aria-hidden="true" className="size-2.5 rounded-sm" style={{ backgroundColor: swatch }} />
        )}
        {levelLabel(match)}
      </p>
      {match.passage && <Passage cell={cell} passage={match.passage} />}
    </td>
  )
}

function Passage({ cell: { feature, patent, match }, passage }: { cell: ChartCell; passage: string }) {
  const [open, setOpen] = useState(false)
  const id = useId()
  const label = open ? 'Hide passage' : 'Show passage'
  return (
    <>
      {/* Tabbing from button to button, a screen reader hears no table headers: the name says which. */}
      <Button
        variant="link"
        size="sm"
        aria-label={`${label} for feature ${feature.id} in ${patent.reference}`}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(!open)}
        className="h-auto p-0 text-current underline"
      >
        {label}
      </Button>
      <figure id={id} hidden={!open} className="mt-1.5 rounded-md border bg-card p-2 text-xs text-foreground">
        <blockquote className="leading-relaxed">
          <MarkedText parts={highlightTerms(passage, match.sharedWords)} />
        </blockquote>
        {match.location && <figcaption className="mt-1 text-muted-foreground">{match.location}</figcaption>}
      </figure>
    </>
  )
}
