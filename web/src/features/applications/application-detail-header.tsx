import { isEditable } from '@patentdesk/contract/application-statuses'
import { type AccessLevel, type Application, canEdit } from '@patentdesk/contract/applications'
import { collaboratorRoles, roleLabels } from '@patentdesk/contract/collaborator-roles'
import { FileText, Pencil } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { DownloadButton } from '@/components/download-button'
import { StatusBadge } from '@/components/status-badge'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { toast } from '@/components/ui/toast'
import { ShareDialog } from '@/features/collaborators'
import { useDraftingChecks } from '@/features/drafting'
import { applicationExports } from '@/lib/application-queries'
import { formatDateTime } from '@/lib/format'
import { useSubmitApplication } from './api'
import { submittedToast } from './application-save'
import { SubmitForReviewDialog } from './submit-for-review-dialog'

type ApplicationDetailHeaderProps = {
  application: Application
  /** The controls on the right: the owner's actions or the administrator's status form. */
  actions: ReactNode
}

/** The viewer's role when the application is someone else's, shared with them. */
const sharedRoleOf = (access: AccessLevel) => collaboratorRoles.find((role) => role === access)

export function ApplicationDetailHeader({ application, actions }: ApplicationDetailHeaderProps) {
  const { id, reference, status, title, createdAt, updatedAt } = application
  const exports = applicationExports(id, reference)
  const sharedRole = sharedRoleOf(application.access)
  return (
    <Card className="flex flex-col gap-4 p-6 md:flex-row md:items-start md:justify-between">
      <div className="grid min-w-0 gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant="outline" className="font-mono">
            {reference}
          </Badge>
          <StatusBadge status={status} variant="detail" />
          {sharedRole && <Badge variant="secondary">Shared with you · {roleLabels[sharedRole]}</Badge>}
        </div>
        <h2 className="text-xl font-semibold tracking-tight break-words">{title}</h2>
        <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm text-muted-foreground">
          <div className="flex gap-1.5">
            <dt>Created</dt>
            <dd className="font-medium text-foreground">{formatDateTime(createdAt)}</dd>
          </div>
          <div className="flex gap-1.5">
            <dt>Last Updated</dt>
            <dd className="font-medium text-foreground">{formatDateTime(updatedAt)}</dd>
          </div>
        </dl>
        <div className="flex flex-wrap gap-2 pt-1">
          <DownloadButton size="sm" icon={FileText} label="Download PDF" target={exports.pdf} />
          <DownloadButton size="sm" icon={FileText} label="Download DOCX" target={exports.docx} />
        </div>
      </div>
      <div className="shrink-0">{actions}</div>
    </Card>
  )
}

/**
 * The header's actions by the viewer's access: the owner shares, edits and submits; an editor edits; any
 * other collaborator sees who has access. Editing and submitting wait for a draft or a revision. An
 * administrator without a role here only reads (the review gives them its own panels instead).
 */
export function OwnerActions({ application }: { application: Application }) {
  const { access, status } = application
  if (access === 'admin') return null
  const editable = isEditable(status)
  return (
    <div className="flex flex-wrap gap-2">
      <ShareDialog application={application} />
      {editable && canEdit(access) && (
        <Button variant="outline" asChild>
          <Link to={`/new-application?edit=${application.id}`}>
            <Pencil />
            Edit
          </Link>
        </Button>
      )}
      {editable && access === 'owner' && <SubmitAction application={application} />}
    </div>
  )
}

/** Submitting cannot be undone, so it is confirmed, naming the problems the drafting checks still list. */
function SubmitAction({ application }: { application: Application }) {
  const submit = useSubmitApplication(application.id)
  const { title, abstract, description, claims } = application
  const checks = useDraftingChecks({ title, abstract, description, claims })

  const onSubmit = () => submit.mutate(undefined, { onSuccess: () => toast(submittedToast) })

  return (
    <SubmitForReviewDialog
      triggerVariant="default"
      disabled={submit.isPending}
      isSubmitting={submit.isPending}
      openProblems={checks.data?.issues.length ?? 0}
      onConfirm={onSubmit}
    />
  )
}
