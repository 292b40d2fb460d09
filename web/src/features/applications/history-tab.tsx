import { isEditable } from '@patentdesk/contract/application-statuses'
import type { VersionSummary } from '@patentdesk/contract/application-versions'
import { type Application, canEdit } from '@patentdesk/contract/applications'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { Dialog, DialogActions, DialogContent } from '@/components/ui/dialog'
import { Label } from '@/components/ui/label'
import { QueryState } from '@/components/ui/query-state'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select'
import { toast } from '@/components/ui/toast'
import { formatDateTime } from '@/lib/format'
import { useRestoreVersion, versionQueryOptions, versionsQueryOptions } from './api'
import { ContentDiff } from './content-diff'

const partLabels = { title: 'title', abstract: 'abstract', description: 'description', claims: 'claims' }

function describeVersion({ number, author, createdAt, changed, restoredFrom }: VersionSummary) {
  const what =
    number === 1
      ? 'created'
      : restoredFrom
        ? `restored version ${restoredFrom}`
        : `changed ${changed.map((p) => partLabels[p]).join(', ')}`
  return `${author?.fullName ?? 'A deleted user'}, ${formatDateTime(createdAt)}: ${what}`
}

/**
 * History: every version of the application's text, any two compared word by word, and (for its owner,
 * while it can be edited) a version restored as the next one.
 */
export function HistoryTab({ application }: { application: Application }) {
  const versions = useQuery(versionsQueryOptions(application.id))
  return (
    <QueryState query={versions} loadingText="Loading versions...">
      {(list) => <History application={application} versions={list} />}
    </QueryState>
  )
}

function History({ application, versions }: { application: Application; versions: VersionSummary[] }) {
  const newest = versions[0]?.number ?? 1
  const [pair, setPair] = useState({ from: Math.max(1, newest - 1), to: newest })
  const [restoring, setRestoring] = useState<number>()
  const canRestore = canEdit(application.access) && isEditable(application.status)

  return (
    <div className="grid gap-6">
      {versions.length > 1 ? (
        <section aria-label="Compare versions" className="grid gap-4">
          <div className="flex flex-wrap items-center gap-3">
            <VersionSelect
              id="compare-from"
              label="Compare version"
              value={pair.from}
              versions={versions}
              onChange={(from) => setPair({ ...pair, from })}
            />
            <VersionSelect
              id="compare-to"
              label="with version"
              value={pair.to}
              versions={versions}
              onChange={(to) => setPair({ ...pair, to })}
            />
          </div>
          <VersionsDiff applicationId={application.id} from={pair.from} to={pair.to} />
        </section>
      ) : (
        <p className="text-sm text-muted-foreground">
          Only one version so far: each save that changes the text adds one.
        </p>
      )}
      <section aria-label="Versions" className="grid gap-2">
        <h3 className="text-sm font-semibold">Versions</h3>
        <ol className="divide-y rounded-md border">
          {versions.map((version) => (
            <li key={version.number} className="flex flex-wrap items-center gap-3 px-4 py-3">
              <div className="grid min-w-0 flex-1 gap-0.5">
                <p className="text-sm font-medium">
                  Version {version.number}
                  {version.number === application.version && ' (current)'}
                </p>
                <p className="text-xs text-muted-foreground">{describeVersion(version)}</p>
              </div>
              {version.number > 1 && (
                <Button
                  variant="outline"
                  size="sm"
                  aria-label={`Compare version ${version.number} with the one before`}
                  onClick={() => setPair({ from: version.number - 1, to: version.number })}
                >
                  Compare
                </Button>
              )}
              {canRestore && version.number !== application.version && (
                <Button variant="outline" size="sm" onClick={() => setRestoring(version.number)}>
                  Restore
                  <span className="sr-only"> version {version.number}</span>
                </Button>
              )}
            </li>
          ))}
        </ol>
      </section>
      {restoring && (
        <RestoreDialog application={application} number={restoring} onClose={() => setRestoring(undefined)} />
      )}
    </div>
  )
}

type VersionSelectProps = {
  id: string
  label: string
  value: number
  versions: VersionSummary[]
  onChange: (number: number) => void
}

function VersionSelect({ id, label, value, versions, onChange }: VersionSelectProps) {
  return (
    <div className="flex items-center gap-2">
      <Label htmlFor={id} className="text-muted-foreground">
        {label}
      </Label>
      <Select value={String(value)} onValueChange={(next) => onChange(Number(next))}>
        <SelectTrigger id={id} className="h-8 w-auto">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {versions.map(({ number }) => (
            <SelectItem key={number} value={String(number)}>
              {number}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  )
}

/** The older of the two as "before", whichever order they were chosen in. */
function VersionsDiff({ applicationId, from, to }: { applicationId: number; from: number; to: number }) {
  const [older, newer] = from <= to ? [from, to] : [to, from]
  const before = useQuery(versionQueryOptions(applicationId, older))
  const after = useQuery(versionQueryOptions(applicationId, newer))
  if (before.isError || after.isError) {
    return <p className="text-sm text-destructive">{(before.error ?? after.error)?.message}</p>
  }
  if (!before.data || !after.data) return <p className="text-sm text-muted-foreground">Loading versions...</p>
  return (
    <div className="grid gap-3 rounded-md border p-4">
      <p className="text-sm font-medium">
        From version {older} to version {newer}
      </p>
      <ContentDiff before={before.data} after={after.data} />
    </div>
  )
}

function RestoreDialog({
  application,
  number,
  onClose,
}: {
  application: Application
  number: number
  onClose: () => void
}) {
  const restore = useRestoreVersion(application.id)
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title={`Restore version ${number}?`}
        description={`Its text becomes version ${application.version + 1}; every version stays in the history.`}
      >
        <DialogActions>
          <Button
            disabled={restore.isPending}
            onClick={() =>
              restore.mutate(
                { number, madeFrom: application.version },
                {
                  onSuccess: (restored) => {
                    onClose()
                    toast({
                      title: 'Version restored',
                      description: `Version ${number} is now version ${restored.version}.`,
                    })
                  },
                },
              )
            }
          >
            {restore.isPending ? 'Restoring...' : 'Restore'}
          </Button>
        </DialogActions>
      </DialogContent>
    </Dialog>
  )
}
