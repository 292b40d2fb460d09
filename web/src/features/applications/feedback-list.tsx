import type { Feedback } from '@patentdesk/contract/applications'
import { MessageSquare } from 'lucide-react'
import { formatDateTime } from '@/lib/format'

const emptyText = 'No feedback available for this application.'

export function FeedbackList({ feedback }: { feedback: Feedback[] }) {
  if (feedback.length === 0) {
    return <p className="py-8 text-center text-sm text-muted-foreground">{emptyText}</p>
  }
  return (
    <ul className="grid gap-3">
      {feedback.map((item) => (
        <li key={item.id} className="rounded-lg border bg-card p-4 shadow-sm">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="flex items-center gap-2 text-sm font-semibold">
              <MessageSquare className="size-4 text-primary" />
              {item.source}
            </p>
            <time dateTime={item.createdAt} className="text-xs text-muted-foreground">
              {formatDateTime(item.createdAt)}
            </time>
          </div>
          <p className="mt-2 whitespace-pre-wrap break-words text-sm text-slate-700">{item.content}</p>
        </li>
      ))}
    </ul>
  )
}
