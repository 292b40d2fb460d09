import { Link } from 'react-router'
import { Table, TableBody, TableHead, TableHeader, TableRow } from '@/components/ui/table'
import { ClaimChartCell } from './claim-chart-cell'
import { type ChartPatent, type ClaimChart, cellsOfFeature } from './claim-chart-data'

/**
 * The feature column stays pinned on the left while the patents scroll sideways in the table's own box
 * (focusable and labelled once it overflows). At 390 px wide one patent column shows beside the features,
 * and every cell is still read against its feature; cards per feature would have lost the row-by-row
 * comparison across patents that a chart is for, and a screen reader's table navigation with it.
 */
const pinned =
  'sticky left-0 z-10 w-36 min-w-36 bg-card shadow-[inset_-1px_0_0_var(--color-border)] sm:w-60 sm:min-w-60'

/** The claim chart: a row per feature, a column per charted patent. */
export function ClaimChartTable({ chart }: { chart: ClaimChart }) {
  return (
    <Table label="Claim chart">
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead scope="col" className={pinned}>
            Feature
          </TableHead>
          {chart.patents.map((patent) => (
            <PatentHead key={patent.reference} patent={patent} />
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {chart.features.map((feature) => (
          <TableRow key={feature.id} className="hover:bg-transparent">
            <th
              scope="row"
              className={`${pinned} px-3 py-2.5 text-left align-top font-normal text-slate-700`}
            >
              <span className="font-semibold text-foreground">{feature.id}</span> {feature.text}
            </th>
            {cellsOfFeature(chart, feature).map((cell) => (
              <ClaimChartCell key={cell.patent.reference} cell={cell} />
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}

function PatentHead({ patent: { reference, title } }: { patent: ChartPatent }) {
  return (
    <TableHead
      scope="col"
      className="h-auto min-w-44 whitespace-normal py-2 align-bottom normal-case tracking-normal"
    >
      <Link
        to={`/patent-details/${encodeURIComponent(reference)}`}
        className="font-mono text-xs font-semibold text-primary hover:underline"
      >
        {reference}
      </Link>
      <span className="mt-0.5 block text-xs font-normal text-muted-foreground">{title}</span>
    </TableHead>
  )
}
