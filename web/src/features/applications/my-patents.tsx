import { type StatusFilter, statusFilters } from '@patentdesk/contract/applications'
import { FilePlus2, FileSpreadsheet, Plus } from 'lucide-react'
import { Link, useSearchParams } from 'react-router'
import { DownloadButton } from '@/components/download-button'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { LoadingSkeleton, SkeletonRows } from '@/components/ui/skeleton'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs'
import { csvExports } from '@/lib/application-queries'
import { useApplications } from './api'
import { ApplicationsTable } from './applications-table'

type Filter = StatusFilter | 'all'

const filterTabs: { value: Filter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'active', label: 'Active' },
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
]

const isStatusFilter = (value: string | null): value is StatusFilter =>
  value !== null && Object.hasOwn(statusFilters, value)

/** My Patents (docs/product.md, Applications): the user's applications, filtered by the `?status=` tab. */
export function MyPatents() {
  const [searchParams, setSearchParams] = useSearchParams()
  const status = searchParams.get('status')
  const filter: Filter = isStatusFilter(status) ? status : 'all'

  function selectFilter(value: string) {
    setSearchParams((params) => {
      if (isStatusFilter(value)) params.set('status', value)
      else params.delete('status')
      return params
    })
  }

  return (
    <Tabs value={filter} onValueChange={selectFilter} className="grid grid-cols-1 gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <TabsList className="h-auto flex-wrap justify-start">
          {filterTabs.map((tab) => (
            <TabsTrigger key={tab.value} value={tab.value}>
              {tab.label}
            </TabsTrigger>
          ))}
        </TabsList>
        <div className="flex flex-wrap gap-2">
          <DownloadButton icon={FileSpreadsheet} label="Export CSV" target={csvExports.mine} />
          <Button asChild>
            <Link to="/new-application">
              <Plus />
              New Application
            </Link>
          </Button>
        </div>
      </div>
      <TabsContent value={filter} className="mt-0">
        <Card>
          <FilteredApplications filter={filter} />
        </Card>
      </TabsContent>
    </Tabs>
  )
}

function FilteredApplications({ filter }: { filter: Filter }) {
  const applications = useApplications()
  if (applications.isPending) {
    return (
      <LoadingSkeleton label="Loading applications..." className="px-6 py-3">
        <SkeletonRows rows={5} columns={5} />
      </LoadingSkeleton>
    )
  }
  if (applications.error) {
    return (
      <div className="p-6">
        <Alert variant="destructive">{applications.error.message}</Alert>
      </div>
    )
  }
  const rows =
    filter === 'all'
      ? applications.data
      : applications.data.filter((application) => statusFilters[filter](application.status))
  if (rows.length === 0) return <EmptyState />
  return <ApplicationsTable applications={rows} />
}

function EmptyState() {
  return (
    <div className="flex flex-col items-center gap-3 px-6 py-16 text-center">
      <FilePlus2 className="size-10 text-muted-foreground" />
      <div className="grid gap-1">
        <p className="text-base font-semibold">No applications found</p>
        <p className="text-sm text-muted-foreground">Create your first patent application to get started</p>
      </div>
      <Button asChild className="mt-2">
        <Link to="/new-application">Create New Application</Link>
      </Button>
    </div>
  )
}
