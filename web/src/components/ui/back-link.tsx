import { ArrowLeft } from 'lucide-react'
import { Link } from 'react-router'
import { Button } from './button'

/** The quiet 'Back to …' link above a page's content. */
export function BackLink({ to, children }: { to: string; children: string }) {
  return (
    <div>
      <Button variant="ghost" size="sm" className="-ml-3" asChild>
        <Link to={to}>
          <ArrowLeft />
          {children}
        </Link>
      </Button>
    </div>
  )
}
