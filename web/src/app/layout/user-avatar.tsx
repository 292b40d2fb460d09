import { cn } from '@/lib/utils'

export function UserAvatar({ fullName, className }: { fullName: string; className?: string }) {
  const initials = fullName
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('')
  return (
    <span
      aria-hidden
      className={cn(
        'flex size-9 shrink-0 items-center justify-center rounded-full bg-blue-100 text-sm font-semibold text-blue-700',
        className,
      )}
    >
      {initials || 'U'}
    </span>
  )
}
