import type { ReactNode } from 'react'

/**
 * One row of the Details tab: a part of the text, and the comments on it, in a column beside it from 1024 px
 * and under it below. Rows share the column's width, so the comments line up with the part they are on.
 */
export function PanelRow({ children, panel }: { children?: ReactNode; panel: ReactNode }) {
  return (
    <div className="grid gap-3 lg:grid-cols-[minmax(0,1fr)_20rem] lg:gap-x-8">
      <div className="min-w-0">{children}</div>
      <div className="grid min-w-0 content-start gap-3 empty:hidden">{panel}</div>
    </div>
  )
}
