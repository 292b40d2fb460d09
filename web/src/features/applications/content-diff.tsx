import type { ApplicationContent } from '@patentdesk/contract/applications'
import { cn } from '@/lib/utils'
import { type ClaimChange, claimsDiff, type DiffPart, wordDiff } from './text-diff'

const textParts = [
  ['title', 'Title'],
  ['abstract', 'Abstract'],
  ['description', 'Description'],
] as const

/** Text with what was added underlined in green and what was removed struck through in red. */
export function DiffText({ parts, className }: { parts: DiffPart[]; className?: string }) {
  return (
    <p className={cn('whitespace-pre-wrap break-words text-sm leading-relaxed', className)}>
      {parts.map((part, index) =>
        part.change === 'added' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one diff, never reordered
          <ins key={index} className="bg-green-100 text-green-900 decoration-green-700">
            {part.text}
          </ins>
        ) : part.change === 'removed' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one diff, never reordered
          <del key={index} className="bg-red-100 text-red-900 decoration-red-700">
            {part.text}
          </del>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one diff, never reordered
          <span key={index}>{part.text}</span>
        ),
      )}
    </p>
  )
}

const claimLabel = (change: ClaimChange) => {
  switch (change.kind) {
    case 'added':
      return `Claim ${change.after.number} added`
    case 'removed':
      return `Claim ${change.before.number} removed`
    case 'changed':
      return change.before.number === change.after.number
        ? `Claim ${change.after.number} changed`
        : `Claim ${change.after.number} changed (was claim ${change.before.number})`
    case 'same':
      return `Claim ${change.after.number} renumbered (was claim ${change.before.number})`
  }
}

const claimParts = (change: ClaimChange): DiffPart[] =>
  change.kind === 'changed'
    ? change.parts
    : change.kind === 'added'
      ? [{ text: change.after.text, change: 'added' }]
      : change.kind === 'removed'
        ? [{ text: change.before.text, change: 'removed' }]
        : [{ text: change.after.text, change: 'same' }]

/**
 * What changed from one version of an application's text to another, part by part and word by word; a
 * claim added, removed or renumbered is said so. Parts that did not change are left out.
 */
export function ContentDiff({ before, after }: { before: ApplicationContent; after: ApplicationContent }) {
  const claims = claimsDiff(before.claims, after.claims).filter(
    (change) => change.kind !== 'same' || change.before.number !== change.after.number,
  )
  const texts = textParts.filter(([part]) => before[part] !== after[part])
  if (texts.length === 0 && claims.length === 0) {
    return <p className="text-sm text-muted-foreground">The two versions have the same text.</p>
  }
  return (
    <div className="grid gap-5">
      {texts.map(([part, label]) => (
        <section key={part} className="grid gap-1.5">
          <h3 className="text-sm font-semibold">{label}</h3>
          <DiffText parts={wordDiff(before[part], after[part])} />
        </section>
      ))}
      {claims.length > 0 && (
        <section className="grid gap-3">
          <h3 className="text-sm font-semibold">Claims</h3>
          {claims.map((change) => (
            <div key={claimLabel(change)} className="grid gap-1 rounded-md border p-3">
              <p className="text-xs font-medium text-muted-foreground">{claimLabel(change)}</p>
              <DiffText parts={claimParts(change)} />
            </div>
          ))}
        </section>
      )}
    </div>
  )
}
