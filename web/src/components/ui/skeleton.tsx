import type { ReactNode } from 'react'
import { cn } from '@/lib/utils'

/** A grey block the size of content still loading; decorative, the surrounding status names it. */
export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden className={cn('animate-pulse rounded-md bg-slate-200/80', className)} />
}

/**
 * Content still loading, drawn as `children` (skeletons in its shape). Screen readers hear `label`
 * (e.g. "Loading applications...") once, as a status, instead of the grey shapes.
 */
export function LoadingSkeleton({
  label,
  className,
  children,
}: {
  label: string
  className?: string
  children: ReactNode
}) {
  return (
    <div role="status" aria-busy="true" className={cn('grid gap-3', className)}>
      <span className="sr-only">{label}</span>
      {children}
    </div>
  )
}

/** Lines of text: the last one shorter, as a paragraph ends. */
export function SkeletonLines({ lines = 3, className }: { lines?: number; className?: string }) {
  return (
    <div className={cn('grid gap-2', className)}>
      {Array.from({ length: lines }, (_, index) => (
        <Skeleton
          // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders, their position is their identity
          key={index}
          className={cn('h-4', index === lines - 1 && lines > 1 ? 'w-2/3' : 'w-full')}
        />
      ))}
    </div>
  )
}

/** Rows of a table or list: one bar per column, the first (a reference) narrow, the second (a title) wide. */
export function SkeletonRows({ rows = 5, columns = 4 }: { rows?: number; columns?: number }) {
  return (
    <div className="divide-y">
      {Array.from({ length: rows }, (_, row) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders, their position is their identity
        <div key={row} className="flex items-center gap-4 py-3">
          {Array.from({ length: columns }, (_, column) => (
            <Skeleton
              // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders
              key={column}
              className={cn('h-4', column === 0 ? 'w-24 shrink-0' : column === 1 ? 'flex-[3]' : 'flex-1')}
            />
          ))}
        </div>
      ))}
    </div>
  )
}
