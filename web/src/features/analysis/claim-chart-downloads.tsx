import type { AnalysisResult } from '@patentdesk/contract/analysis'
import { useMutation } from '@tanstack/react-query'
import { FileSpreadsheet, FileText, LoaderCircle } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { formatDate } from '@/lib/format'
import { downloadClaimChartCsv } from './claim-chart-csv'
import type { ClaimChart } from './claim-chart-data'
import { inventionName } from './invention-name'

export type ClaimChartDownloadsProps = {
  chart: ClaimChart
  result: AnalysisResult
  /** The invention's title, where the screen knows it. */
  title?: string
  /** When the analysis ran (ISO); the day of the download otherwise. */
  analysedAt?: string
}

/** The chart as DOCX or CSV, built in the browser without a request; a failure shows as a toast. */
export function ClaimChartDownloads({ chart, result, title, analysedAt }: ClaimChartDownloadsProps) {
  const docx = useMutation({
    // The docx library arrives with this click, not with the page.
    mutationFn: async () => {
      const { saveClaimChartDocx } = await import('./claim-chart-docx')
      await saveClaimChartDocx({
        chart,
        invention: inventionName(result.analysis.summary, title),
        date: formatDate(analysedAt ?? new Date().toISOString()),
      })
    },
    meta: { errorTitle: 'Download failed' },
  })
  return (
    <div className="flex flex-wrap gap-2">
      <Button variant="outline" size="sm" disabled={docx.isPending} onClick={() => docx.mutate()}>
        {docx.isPending ? <LoaderCircle className="animate-spin" /> : <FileText />}
        Claim chart (DOCX)
      </Button>
      <Button variant="outline" size="sm" onClick={() => downloadClaimChartCsv(chart)}>
        <FileSpreadsheet />
        Claim chart (CSV)
      </Button>
    </div>
  )
}
