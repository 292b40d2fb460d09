import { FileSpreadsheet } from 'lucide-react'
import { useState } from 'react'
import { DownloadButton } from '@/components/download-button'
import { Card } from '@/components/ui/card'
import { QueryState } from '@/components/ui/query-state'
import { SearchInput } from '@/components/ui/search-input'
import { SkeletonRows } from '@/components/ui/skeleton'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs'
import { csvExports } from '@/lib/application-queries'
import { AdminApplicationsTable, filterApplications } from './admin-applications-table'
import { AdminUsersTable } from './admin-users-table'
import { useAdminApplications, useAdminUsers } from './api'
import { ApplicationReview } from './application-review'
import { AuditLog } from './audit-log'

const tableMessage = 'px-6 py-10 text-center'

type AdminTab = 'applications' | 'users' | 'audit' | 'review'

/** Review flow (docs/product.md, Administration): the applications list, then the review tab, then back to
 * the list once a status is set. */
export function AdminDashboard() {
  const [tab, setTab] = useState<AdminTab>('applications')
  const [search, setSearch] = useState('')
  const [reviewId, setReviewId] = useState<number | null>(null)
  const applications = useAdminApplications()
  const users = useAdminUsers()

  const openReview = (id: number) => {
    setReviewId(id)
    setTab('review')
  }

  return (
    <div className="grid grid-cols-1 gap-6">
      <SearchInput
        aria-label="Search applications"
        placeholder="Search applications..."
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        className="max-w-md"
      />
      <Tabs value={tab} onValueChange={(value) => setTab(value as AdminTab)}>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <TabsList className="h-auto flex-wrap">
            <TabsTrigger value="applications">Patent Applications</TabsTrigger>
            <TabsTrigger value="users">Users</TabsTrigger>
            <TabsTrigger value="audit">Audit Log</TabsTrigger>
            <TabsTrigger value="review" disabled={reviewId === null}>
              Review Application
            </TabsTrigger>
          </TabsList>
          {tab === 'applications' && (
            <DownloadButton icon={FileSpreadsheet} label="Export CSV" target={csvExports.admin} />
          )}
        </div>
        <TabsContent value="applications">
          <Card className="overflow-hidden">
            <QueryState
              query={applications}
              loadingText="Loading applications..."
              skeleton={<SkeletonRows rows={6} columns={6} />}
              className={tableMessage}
            >
              {(list) => (
                <AdminApplicationsTable
                  applications={filterApplications(list, search)}
                  isFiltered={search.trim() !== ''}
                  onReview={openReview}
                />
              )}
            </QueryState>
          </Card>
        </TabsContent>
        <TabsContent value="users">
          <Card className="overflow-hidden">
            <QueryState
              query={users}
              loadingText="Loading users..."
              skeleton={<SkeletonRows rows={6} columns={7} />}
              className={tableMessage}
            >
              {(list) => <AdminUsersTable users={list} />}
            </QueryState>
          </Card>
        </TabsContent>
        <TabsContent value="audit">
          <AuditLog onReview={openReview} />
        </TabsContent>
        <TabsContent value="review">
          {reviewId !== null && (
            <ApplicationReview
              key={reviewId}
              id={reviewId}
              onBack={() => setTab('applications')}
              onReviewComplete={() => {
                setReviewId(null)
                setTab('applications')
              }}
            />
          )}
        </TabsContent>
      </Tabs>
    </div>
  )
}
