import type { ReactNode } from 'react'
import { Link } from 'react-router'

/** The small "View all" link in a dashboard panel's header. */
export function PanelLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="text-sm font-medium text-primary hover:underline">
      {children}
    </Link>
  )
}
