import { FileSpreadsheet } from 'lucide-react'
import { useState } from 'react'
import { DownloadButton } from '@/components/download-button'
import { Card } from '@/components/ui/card'
import { LoadMore } from '@/components/ui/load-more'
import { LoadingSkeleton, SkeletonRows } from '@/components/ui/skeleton'
import { type AuditFilters, auditExport, useAdminUsers, useAuditLog } from './api'
import { AuditCards } from './audit-cards'
import { AuditFiltersForm } from './audit-filters'
import { AuditTable } from './audit-table'

const tableMessage = 'px-6 py-10 text-center text-sm'

/**
 * What administrators did (status changes, feedback, analyses, dates; accounts from the command line), newest
 * first, narrowed by the filters; Export CSV downloads the same selection.
 */
export function AuditLog({ onReview }: { onReview: (id: number) => void }) {
  const [filters, setFilters] = useState<AuditFilters>({})
  const log = useAuditLog(filters)
  const admins = useAdminUsers().data?.filter((user) => user.isAdmin) ?? []
  const isFiltered = Object.values(filters).some((value) => value !== undefined)
  const entries = log.data?.pages.flatMap((page) => page.entries)

  return (
    <div className="grid gap-4">
      <Card className="p-4 sm:p-6">
        <AuditFiltersForm admins={admins} active={isFiltered} onApply={setFilters} />
      </Card>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground">
          Newest first; times in your time zone, UTC in the CSV export.
        </p>
        <DownloadButton icon={FileSpreadsheet} label="Export CSV" target={auditExport(filters)} />
      </div>
      <Card className="overflow-hidden">
        {log.isPending ? (
          <LoadingSkeleton label="Loading the audit log..." className="px-6 py-3">
            <SkeletonRows rows={6} columns={5} />
          </LoadingSkeleton>
        ) : !entries ? (
          <p className={`${tableMessage} text-destructive`}>{log.error?.message}</p>
        ) : entries.length === 0 ? (
          <p className={`${tableMessage} text-muted-foreground`}>
            {isFiltered ? 'No entries match these filters.' : 'No administrator actions recorded yet.'}
          </p>
        ) : (
          // Cards on a phone, the table from a tablet up: the hidden one is out of the accessibility tree too.
          <>
            <div className="md:hidden">
              <AuditCards entries={entries} onReview={onReview} />
            </div>
            <div className="hidden md:block">
              <AuditTable entries={entries} onReview={onReview} />
            </div>
          </>
        )}
      </Card>
      <LoadMore pages={log} />
    </div>
  )
}
