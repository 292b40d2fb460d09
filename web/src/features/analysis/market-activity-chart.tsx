import type { AnalysisResult } from '@patentdesk/contract/analysis'
import { formatCount as count } from '@patentdesk/contract/format'
import { useId } from 'react'
import {
  Bar,
  CartesianGrid,
  ComposedChart,
  Line,
  Tooltip,
  type TooltipContentProps,
  XAxis,
  YAxis,
} from 'recharts'
import { chartColours } from './chart-colours'

type Activity = NonNullable<AnalysisResult['explanation']['marketPotential']['activity']>
type Row = Activity[number] & { share: number }

const percent = (share: number) => `${share.toFixed(share < 10 ? 1 : 0)}%`
const tick = { fontSize: 11, fill: chartColours.axis }

/**
 * The filings behind the market potential, year by year: bars for the patents that use the invention's
 * leading terms, a line for their share of all the corpus's filings that year. The level weighs growth
 * against the corpus's own, which is what the line shows. The chart is hidden from assistive technology;
 * the caption and the table under it say the same in text.
 */
export function MarketActivityChart({ activity }: { activity: Activity }) {
  // Named by its caption explicitly: not every assistive technology reads a figcaption as the name.
  const captionId = useId()
  const first = activity[0]
  const last = activity.at(-1)
  if (!first || !last) return null
  const rows: Row[] = activity.map((row) => ({
    ...row,
    share: row.all === 0 ? 0 : (row.related / row.all) * 100,
  }))
  return (
    <figure aria-labelledby={captionId} className="grid gap-2">
      <figcaption id={captionId} className="text-xs text-muted-foreground">
        Filings per year, {first.year}–{last.year}, of patents using the invention's leading terms, and their
        share of all filings in the corpus.
      </figcaption>
      <div aria-hidden="true" className="h-44">
        <ComposedChart
          responsive
          data={rows}
          style={{ width: '100%', height: '100%' }}
          margin={{ top: 8, right: 0, bottom: 0, left: 0 }}
          accessibilityLayer={false}
        >
          <CartesianGrid vertical={false} stroke={chartColours.grid} />
          <XAxis dataKey="year" tick={tick} tickLine={false} axisLine={{ stroke: chartColours.grid }} />
          <YAxis
            yAxisId="filings"
            width={40}
            allowDecimals={false}
            tick={tick}
            tickLine={false}
            axisLine={false}
          />
          <YAxis
            yAxisId="share"
            orientation="right"
            width={40}
            tick={tick}
            tickLine={false}
            axisLine={false}
            tickFormatter={(share: number) => `${share}%`}
          />
          <Tooltip content={ActivityTooltip} cursor={{ fill: chartColours.grid, fillOpacity: 0.5 }} />
          <Bar yAxisId="filings" dataKey="related" fill={chartColours.primary} radius={[3, 3, 0, 0]} />
          <Line yAxisId="share" dataKey="share" stroke={chartColours.line} strokeWidth={2} dot={{ r: 2.5 }} />
        </ComposedChart>
      </div>
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700" aria-hidden="true">
        <li className="inline-flex items-center gap-1.5">
          <span className="size-2.5 rounded-sm" style={{ backgroundColor: chartColours.primary }} />
          Related filings (left scale)
        </li>
        <li className="inline-flex items-center gap-1.5">
          <span className="h-0.5 w-3 rounded-full" style={{ backgroundColor: chartColours.line }} />
          Share of all filings (right scale)
        </li>
      </ul>
      <ActivityTable rows={rows} />
    </figure>
  )
}

function ActivityTooltip({ active, payload }: TooltipContentProps) {
  const row = payload?.[0]?.payload as Row | undefined
  if (!active || !row) return null
  return (
    <div className="rounded-md bg-slate-900 px-3 py-1.5 text-xs text-white shadow-md">
      <p className="font-semibold">{row.year}</p>
      <p>{count(row.related)} related filings</p>
      <p>
        {percent(row.share)} of {count(row.all)} filings in all
      </p>
    </div>
  )
}

/** The chart's figures as text, folded away until asked for: the reasons above already give the totals. */
function ActivityTable({ rows }: { rows: Row[] }) {
  return (
    <details className="text-xs">
      <summary className="w-fit cursor-pointer text-primary hover:underline">
        Show the figures by year
      </summary>
      <table className="mt-2 w-full max-w-sm text-right tabular-nums">
        <thead className="text-muted-foreground">
          <tr>
            <th scope="col" className="py-1 text-left font-medium">
              Year
            </th>
            <th scope="col" className="py-1 font-medium">
              Related filings
            </th>
            <th scope="col" className="py-1 font-medium">
              All filings
            </th>
            <th scope="col" className="py-1 font-medium">
              Share
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.year} className="border-t">
              <th scope="row" className="py-1 text-left font-normal">
                {row.year}
              </th>
              <td className="py-1">{count(row.related)}</td>
              <td className="py-1">{count(row.all)}</td>
              <td className="py-1">{percent(row.share)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  )
}
