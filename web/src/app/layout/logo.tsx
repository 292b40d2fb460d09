import { Landmark } from 'lucide-react'
import { Link } from 'react-router'
import { cn } from '@/lib/utils'

export function Logo({ to = '/', className }: { to?: string; className?: string }) {
  return (
    <Link to={to} className={cn('flex items-center gap-2 font-semibold text-foreground', className)}>
      <span className="flex size-8 items-center justify-center rounded-lg bg-primary text-primary-foreground">
        <Landmark className="size-4.5" />
      </span>
      <span className="text-lg tracking-tight">PatentDesk</span>
    </Link>
  )
}
