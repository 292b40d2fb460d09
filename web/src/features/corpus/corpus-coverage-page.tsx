import { formatLongDate } from '@patentdesk/contract/common'
import { type CorpusCoverage, coverageLine } from '@patentdesk/contract/corpus'
import { formatCount as documentCount } from '@patentdesk/contract/format'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { QueryState } from '@/components/ui/query-state'
import { SkeletonLines } from '@/components/ui/skeleton'
import { formatDateTime } from '@/lib/format'
import { cn } from '@/lib/utils'
import { useCorpusCoverage } from './api'
import { OfficeTable } from './office-table'
import { YearTable } from './year-table'

/**
 * Corpus coverage (docs/product.md, Coverage), at /coverage: the patents a search or an analysis reads, by
 * office, kind, filing and publication year, so that "no prior art found" can be read for what it is.
 */
export function CorpusCoveragePage() {
  const coverage = useCorpusCoverage()
  return (
    <QueryState
      query={coverage}
      loadingText="Loading the corpus coverage..."
      skeleton={<SkeletonLines lines={2} className="max-w-3xl" />}
    >
      {(data) => <CoverageDetails coverage={data} />}
    </QueryState>
  )
}

function Fact({ term, children }: { term: string; children: string }) {
  return (
    <div>
      <dt className="text-xs font-medium text-muted-foreground">{term}</dt>
      <dd className="text-sm font-semibold tabular-nums">{children}</dd>
    </div>
  )
}

function CoverageDetails({ coverage }: { coverage: CorpusCoverage }) {
  return (
    <div className="grid grid-cols-1 gap-6">
      <Card>
        <CardHeader className="p-4 sm:p-6">
          <p className="text-base">{coverageLine(coverage)}</p>
          <CardDescription>
            Patent Analysis looks for prior art among these documents only, and so does Patent Search unless
            an external source is configured: “no prior art found” means none among them, not none anywhere.
          </CardDescription>
        </CardHeader>
        {coverage.total > 0 && (
          <CardContent className="px-4 pb-4 sm:px-6 sm:pb-6">
            <dl className="grid grid-cols-1 gap-4 sm:grid-cols-3">
              <Fact term="Documents">{documentCount(coverage.total)}</Fact>
              <Fact term="Latest publication">
                {coverage.latestPublication ? formatLongDate(coverage.latestPublication) : 'Not known'}
              </Fact>
              <Fact term="Last import">
                {coverage.lastImport ? formatDateTime(coverage.lastImport) : 'Not known'}
              </Fact>
            </dl>
          </CardContent>
        )}
      </Card>
      {coverage.total > 0 && (
        <div
          className={cn(
            'grid grid-cols-1 items-start gap-6',
            // Side by side on a wide screen with one office; with several, the pairs of columns of the years
            // take the whole width.
            coverage.offices.length === 1 && 'xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]',
          )}
        >
          <Card>
            <CardHeader className="p-4 sm:p-6">
              <CardTitle>By office</CardTitle>
              <CardDescription>
                The documents of each patent office, the years they were filed and published in, how many have
                no publication date, and their kinds (B2: a granted patent, A1: a published application…).
              </CardDescription>
            </CardHeader>
            <CardContent className="px-4 pb-4 sm:px-6 sm:pb-6">
              <OfficeTable offices={coverage.offices} />
            </CardContent>
          </Card>
          <Card>
            <CardHeader className="p-4 sm:p-6">
              <CardTitle>By year</CardTitle>
              <CardDescription>
                Documents filed and documents published each year, from the first year to the last; those
                without a filing or a publication date on the last row.
                {coverage.offices.length > 1 && (
                  <span className="lg:hidden">
                    {' '}
                    All offices together here; a wider screen shows each one.
                  </span>
                )}
              </CardDescription>
            </CardHeader>
            <CardContent className="px-4 pb-4 sm:px-6 sm:pb-6">
              <YearTable coverage={coverage} />
            </CardContent>
          </Card>
        </div>
      )}
    </div>
  )
}
