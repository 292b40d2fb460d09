import { cn } from '@/lib/utils'

/** Up to two initials of the name, U when there is none. */
export function initialsOf(fullName: string) {
  const initials = fullName
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('')
  return initials || 'U'
}

/** The initials in a circle; decoration, as the name is always written beside it or in the button's name. */
export function UserAvatar({ initials, className }: { initials: string; className?: string }) {
  return (
    <span
      aria-hidden
      className={cn(
        'flex size-9 shrink-0 items-center justify-center rounded-full bg-blue-100 text-sm font-semibold text-blue-700',
        className,
      )}
    >
      {initials}
    </span>
  )
}
