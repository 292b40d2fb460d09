import type { Application, ApplicationContent } from '@patentdesk/contract/applications'
import { applicationMessages } from '@patentdesk/contract/applications'
import { useEffect, useRef } from 'react'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Dialog, DialogContent } from '@/components/ui/dialog'
import { ContentDiff } from './content-diff'

type SaveConflictDialogProps = {
  /** The version the user's changes were made from. */
  base: Application
  mine: ApplicationContent
  /** The application as the other save left it. */
  theirs: Application
  onKeepMine: () => void
  onTakeTheirs: () => void
  onMergeByHand: () => void
  onCancel: () => void
}

/**
 * A save refused because someone else saved first: what each of the two changed since the version both
 * started from, and the three ways on. Nothing is overwritten until the user chooses.
 */
export function SaveConflictDialog({
  base,
  mine,
  theirs,
  onKeepMine,
  onTakeTheirs,
  onMergeByHand,
  onCancel,
}: SaveConflictDialogProps) {
  return (
    <Dialog open onOpenChange={(open) => !open && onCancel()}>
      <DialogContent
        title="Someone else saved this application"
        description={applicationMessages.staleSave}
        className="max-w-4xl"
      >
        <div className="grid gap-6 lg:grid-cols-2">
          <section aria-label="Their changes" className="grid content-start gap-3">
            <h3 className="text-base font-semibold">Their changes (version {theirs.version})</h3>
            <ContentDiff before={base} after={theirs} />
          </section>
          <section aria-label="Your changes" className="grid content-start gap-3">
            <h3 className="text-base font-semibold">Your changes</h3>
            <ContentDiff before={base} after={mine} />
          </section>
        </div>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={onTakeTheirs}>
            Take theirs
          </Button>
          <Button variant="outline" onClick={onMergeByHand}>
            Merge by hand
          </Button>
          <Button onClick={onKeepMine}>Keep mine</Button>
        </div>
      </DialogContent>
    </Dialog>
  )
}

/** While merging by hand: the other save's changes, beside the form that still holds the user's text. */
export function MergePanel({
  base,
  theirs,
  onDone,
}: {
  base: Application
  theirs: Application
  onDone: () => void
}) {
  // Chosen in a dialog over the form's end: the panel is at its top.
  const panel = useRef<HTMLDivElement>(null)
  // Braces: an effect may return only its cleanup, and scrollIntoView returns a promise in newer browsers.
  useEffect(() => {
    panel.current?.scrollIntoView({ block: 'start' })
  }, [])
  return (
    <Card
      ref={panel}
      aria-label="Their changes to merge"
      role="region"
      className="scroll-mt-20 border-amber-300"
    >
      <CardHeader className="flex-row items-start justify-between gap-4">
        <div className="grid gap-1.5">
          <CardTitle className="text-base">Their changes to merge</CardTitle>
          <CardDescription>
            Version {theirs.version} changed these. Your text is in the form: bring in what you want of
            theirs, then save.
          </CardDescription>
        </div>
        <Button variant="outline" size="sm" onClick={onDone}>
          Done
        </Button>
      </CardHeader>
      <CardContent>
        <ContentDiff before={base} after={theirs} />
      </CardContent>
    </Card>
  )
}
