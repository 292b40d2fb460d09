import { type StatusFilter, statusFilters } from '@patentdesk/contract/application-statuses'
import { roleLabels } from '@patentdesk/contract/collaborator-roles'
import type { SharedApplication } from '@patentdesk/contract/collaborators'
import { FilePlus2, FileSpreadsheet, Plus, Users } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link, useSearchParams } from 'react-router'
import { DownloadButton } from '@/components/download-button'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { LoadingSkeleton, SkeletonRows } from '@/components/ui/skeleton'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs'
import { useSharedApplications } from '@/features/collaborators'
import { csvExports } from '@/lib/application-queries'
import { useApplications } from './api'
import { ApplicationsTable, type ExtraColumn } from './applications-table'

type Filter = StatusFilter | 'all' | 'shared'

const filterTabs: { value: Filter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'active', label: 'Active' },
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
  { value: 'shared', label: 'Shared with me' },
]

const isStatusFilter = (value: string | null): value is StatusFilter =>
  value !== null && Object.hasOwn(statusFilters, value)

/** The tab a URL asks for: `?shared=1` for the applications others shared, else the `?status=` filter. */
function filterOf(searchParams: URLSearchParams): Filter {
  if (searchParams.get('shared') === '1') return 'shared'
  const status = searchParams.get('status')
  return isStatusFilter(status) ? status : 'all'
}

/**
 * My Patents (docs/product.md, Applications): the user's applications, filtered by the `?status=` tab, and
 * those others shared with them (`?shared=1`).
 */
export function MyPatents() {
  const [searchParams, setSearchParams] = useSearchParams()
  const filter = filterOf(searchParams)

  function selectFilter(value: string) {
    setSearchParams((params) => {
      params.delete('status')
      params.delete('shared')
      if (value === 'shared') params.set('shared', '1')
      if (isStatusFilter(value)) params.set('status', value)
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
        <Card>{filter === 'shared' ? <SharedApplications /> : <FilteredApplications filter={filter} />}</Card>
      </TabsContent>
    </Tabs>
  )
}

function FilteredApplications({ filter }: { filter: StatusFilter | 'all' }) {
  const applications = useApplications()
  if (applications.isPending) return <ListLoading />
  if (applications.error) return <ListError message={applications.error.message} />
  const rows =
    filter === 'all'
      ? applications.data
      : applications.data.filter((application) => statusFilters[filter](application.status))
  if (rows.length === 0) {
    return (
      <EmptyState
        icon={<FilePlus2 className="size-10 text-muted-foreground" />}
        title="No applications found"
        text="Create your first patent application to get started"
      >
        <Button asChild className="mt-2">
          <Link to="/new-application">Create New Application</Link>
        </Button>
      </EmptyState>
    )
  }
  return <ApplicationsTable applications={rows} />
}

/** What a shared application's row adds: whose it is and the role its owner gave. */
const sharedColumns: ExtraColumn<SharedApplication>[] = [
  { head: 'Owner', cell: (application) => application.ownerName ?? 'Unknown', className: 'min-w-32' },
  { head: 'Your role', cell: (application) => roleLabels[application.role], className: 'whitespace-nowrap' },
]

function SharedApplications() {
  const shared = useSharedApplications()
  if (shared.isPending) return <ListLoading />
  if (shared.error) return <ListError message={shared.error.message} />
  if (shared.data.length === 0) {
    return (
      <EmptyState
        icon={<Users className="size-10 text-muted-foreground" />}
        title="Nothing shared with you yet"
        text="Applications others invite you to work on show here."
      />
    )
  }
  return (
    <ApplicationsTable
      applications={shared.data}
      label="Applications shared with me"
      columns={sharedColumns}
      accessOf={(application) => application.role}
    />
  )
}

function ListLoading() {
  return (
    <LoadingSkeleton label="Loading applications..." className="px-6 py-3">
      <SkeletonRows rows={5} columns={5} />
    </LoadingSkeleton>
  )
}

function ListError({ message }: { message: string }) {
  return (
    <div className="p-6">
      <Alert variant="destructive">{message}</Alert>
    </div>
  )
}

type EmptyStateProps = { icon: ReactNode; title: string; text: string; children?: ReactNode }

function EmptyState({ icon, title, text, children }: EmptyStateProps) {
  return (
    <div className="flex flex-col items-center gap-3 px-6 py-16 text-center">
      {icon}
      <div className="grid gap-1">
        <p className="text-base font-semibold">{title}</p>
        <p className="text-sm text-muted-foreground">{text}</p>
      </div>
      {children}
    </div>
  )
}
