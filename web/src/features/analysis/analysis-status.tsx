import { CircleAlert } from 'lucide-react'

/** The progress bar and text shown while the analysis runs
 * (docs/product.md, Analysis; steps in `analysisProgress`). */
export function AnalysisProgress({ progress }: { progress: number }) {
  return (
    <div className="grid gap-2">
      <div
        role="progressbar"
        aria-label="Analysis progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress}
        className="h-2 overflow-hidden rounded-full bg-slate-100"
      >
        <div
          className="h-full rounded-full bg-primary transition-[width] duration-500"
          style={{ width: `${progress}%` }}
        />
      </div>
      <p className="text-sm text-muted-foreground">Analysis in progress...</p>
    </div>
  )
}

/** The inline box that stays after the 'Analysis Failed' toast has gone (docs/product.md, Analysis). */
export function AnalysisErrorBox({ message }: { message: string }) {
  return (
    <div
      role="alert"
      className="flex gap-3 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900"
    >
      <CircleAlert className="mt-0.5 size-4 shrink-0 text-destructive" />
      <div className="grid gap-1">
        <p className="font-semibold">Analysis Error</p>
        <p>{message}</p>
      </div>
    </div>
  )
}
