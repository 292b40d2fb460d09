import type { AuditEntry } from '@patentdesk/contract/activity'
import { Button } from '@/components/ui/button'

type AuditSubjectProps = { entry: AuditEntry; onReview: (id: number) => void }

/** What an entry was done to: an application's reference opens its review; a username is plain text. */
export function AuditSubject({ entry, onReview }: AuditSubjectProps) {
  const { applicationId, subject } = entry
  if (applicationId === null) return <span className="font-medium">{subject}</span>
  return (
    <Button
      variant="link"
      className="h-auto p-0 font-mono text-xs"
      title="Open its review"
      onClick={() => onReview(applicationId)}
    >
      {subject}
    </Button>
  )
}
