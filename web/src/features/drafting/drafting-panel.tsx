import {
  type DraftingCheckResult,
  type DraftingIssue,
  type DraftText,
  draftingFields,
} from '@patentdesk/contract/drafting'
import type { UseQueryResult } from '@tanstack/react-query'
import { CircleAlert, Lightbulb, TriangleAlert } from 'lucide-react'
import { ApiError } from '@/lib/api-client'
import { cn } from '@/lib/utils'
import { useDraftingChecks } from './api'

type DraftingPanelProps = {
  draft: DraftText
  /** Brings the field an issue concerns on screen (switching step if needed) and returns its control. */
  showField: (issue: DraftingIssue) => HTMLElement | null
  className?: string
}

const severities = {
  error: { label: 'Error', icon: CircleAlert, className: 'text-destructive' },
  warning: { label: 'Warning', icon: TriangleAlert, className: 'text-amber-600' },
  hint: { label: 'Hint', icon: Lightbulb, className: 'text-primary' },
} as const

const fieldLabels = { title: 'Title', abstract: 'Abstract', description: 'Description', claims: 'Claims' }

const placeOf = (issue: DraftingIssue) =>
  issue.field === 'claims' && issue.claim !== null ? `Claim ${issue.claim}` : fieldLabels[issue.field]

/** Issues by place, in the order the form asks for them: title, abstract, description, claim 1, 2… */
function groupByPlace(issues: DraftingIssue[]) {
  const sorted = [...issues].sort(
    (a, b) =>
      draftingFields.indexOf(a.field) - draftingFields.indexOf(b.field) || (a.claim ?? 0) - (b.claim ?? 0),
  )
  const groups = new Map<string, DraftingIssue[]>()
  for (const issue of sorted) {
    const place = placeOf(issue)
    groups.set(place, [...(groups.get(place) ?? []), issue])
  }
  return [...groups]
}

/**
 * Where the excerpt is in the text now. The applicant may have typed on since the check, so the
 * offsets are trusted only while they still point at the excerpt; otherwise its first occurrence is.
 */
function excerptRange(text: string, { excerpt, start, end }: DraftingIssue): [number, number] | null {
  if (start !== null && end !== null && (excerpt === null || text.slice(start, end) === excerpt)) {
    return [start, end]
  }
  const at = excerpt ? text.indexOf(excerpt) : -1
  return excerpt && at >= 0 ? [at, at + excerpt.length] : null
}

function selectExcerpt(control: HTMLElement | null, issue: DraftingIssue) {
  if (!control) return
  control.focus()
  if (!(control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement)) return
  const range = excerptRange(control.value, issue)
  if (range) control.setSelectionRange(...range)
}

function statusText({ isFetching, error, data }: UseQueryResult<DraftingCheckResult>) {
  if (isFetching) return 'Checking…'
  // A draft the checks could not finish in time says so (422); any other failure is the server's.
  if (error)
    return error instanceof ApiError && error.status === 422
      ? error.message
      : 'Drafting checks are unavailable right now.'
  if (!data) return 'Checks appear as you write.'
  const count = data.issues.length
  if (count === 0) return 'No problems found'
  return count === 1 ? '1 problem' : `${count} problems`
}

/** Drafting problems the server finds in the text as it is written; informational, it never blocks the form. */
export function DraftingPanel({ draft, showField, className }: DraftingPanelProps) {
  const checks = useDraftingChecks(draft)
  const issues = checks.data?.issues
  return (
    <aside
      aria-labelledby="drafting-checks-heading"
      className={cn('grid content-start gap-3 rounded-lg border bg-slate-50 p-4', className)}
    >
      <div className="grid gap-0.5">
        <h3 id="drafting-checks-heading" className="text-base font-semibold">
          Drafting checks
        </h3>
        <p role="status" className="text-xs text-muted-foreground">
          {statusText(checks)}
        </p>
      </div>
      {issues && issues.length > 0 && (
        <div className="grid gap-4">
          {groupByPlace(issues).map(([place, items]) => (
            // Unlabelled on purpose: a region named "Title" would be found by the Title field's label too.
            <section key={place} className="grid gap-1">
              <h4 className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">{place}</h4>
              <ul className="grid gap-1">
                {items.map((issue) => (
                  <li key={issue.id}>
                    <IssueButton issue={issue} onClick={() => selectExcerpt(showField(issue), issue)} />
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}
    </aside>
  )
}

function IssueButton({ issue, onClick }: { issue: DraftingIssue; onClick: () => void }) {
  const severity = severities[issue.severity]
  return (
    <button
      type="button"
      title={`Go to ${placeOf(issue)}`}
      onClick={onClick}
      className="flex w-full cursor-pointer gap-2 rounded-md p-2 text-left text-sm hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <severity.icon aria-hidden className={cn('mt-0.5 size-4 shrink-0', severity.className)} />
      <span className="grid gap-0.5">
        <span>
          <span className="sr-only">{severity.label}: </span>
          {issue.message}
        </span>
        {issue.rule && <span className="text-xs text-muted-foreground">{issue.rule}</span>}
      </span>
    </button>
  )
}
