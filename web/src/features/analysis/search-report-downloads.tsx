import type { SearchReport } from '@patentdesk/contract/analysis'
import { FileDown, LoaderCircle } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { useDownload } from '@/lib/use-download'

const formats = [
  { format: 'pdf', label: 'Search report (PDF)' },
  { format: 'docx', label: 'Search report (DOCX)' },
] as const

/**
 * The report laid out as the IPO's on paper, made by the server (its PDF embeds a font with the signs patents
 * use): what is on screen is sent, so a public analysis, which is stored nowhere, downloads the same way.
 */
export function SearchReportDownloads({ report, subject }: { report: SearchReport; subject: string }) {
  const download = useDownload()
  return (
    <div className="flex flex-wrap gap-2">
      {formats.map(({ format, label }) => {
        const busy = download.isPending && download.variables?.fileName.endsWith(format)
        return (
          <Button
            key={format}
            variant="outline"
            size="sm"
            disabled={download.isPending}
            onClick={() =>
              download.mutate({
                path: `/api/public/search-report.${format}`,
                fileName: `search-report.${format}`,
                body: { subject, report },
              })
            }
          >
            {busy ? <LoaderCircle className="animate-spin" /> : <FileDown />}
            {label}
          </Button>
        )
      })}
    </div>
  )
}
