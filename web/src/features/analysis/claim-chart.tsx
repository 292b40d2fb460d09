import { chartPurpose, claimChartOf, emptyChartMessage } from './claim-chart-data'
import { ClaimChartDownloads, type ClaimChartDownloadsProps } from './claim-chart-downloads'
import { ClaimChartTable } from './claim-chart-table'

/**
 * The claim chart (the analysis result's tab and the administrator's): each feature of the invention against
 * the closest patents, with the passage that holds it, and its downloads.
 */
export function ClaimChart(props: Omit<ClaimChartDownloadsProps, 'chart'>) {
  const chart = claimChartOf(props.result)
  const empty = emptyChartMessage(chart)
  if (empty) return <p className="text-sm text-muted-foreground">{empty}</p>
  return (
    <div className="grid gap-3">
      <p className="text-sm text-slate-700">{chartPurpose(chart.patents.length)}</p>
      <ClaimChartDownloads chart={chart} {...props} />
      <ClaimChartTable chart={chart} />
    </div>
  )
}
