import { patentStatusColour } from '@patentdesk/contract/patents'
import { cn } from '@/lib/utils'

const colourClasses = {
  green: 'bg-green-100 text-green-800',
  yellow: 'bg-yellow-100 text-yellow-800',
  blue: 'bg-blue-100 text-blue-800',
} as const

/** Green when granted, yellow when pending, blue otherwise (docs/product.md, Patent details). */
export function PatentStatusBadge({ status }: { status: string | null }) {
  const colour = patentStatusColour(status)
  return (
    <span
      data-colour={colour}
      className={cn(
        'inline-flex items-center whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold capitalize',
        colourClasses[colour],
      )}
    >
      {status?.replaceAll('-', ' ') ?? 'Status unknown'}
    </span>
  )
}
