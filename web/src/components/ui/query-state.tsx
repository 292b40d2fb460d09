import type { UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { cn } from '@/lib/utils'
import { LoadingSkeleton } from './skeleton'

type QueryStateProps<T> = {
  query: UseQueryResult<T>
  loadingText?: string
  /** Placeholders shaped like the content, shown while loading; `loadingText` then names them to screen readers. */
  skeleton?: ReactNode
  /** Spacing of the loading and error texts, which differ between a card body and a table card. */
  className?: string
  children: (data: T) => ReactNode
}

/** Renders a query's loading text, its error, or its data once loaded. */
export function QueryState<T>({
  query,
  loadingText = 'Loading...',
  skeleton,
  className,
  children,
}: QueryStateProps<T>) {
  if (query.isPending && skeleton)
    return (
      <LoadingSkeleton label={loadingText} className={className}>
        {skeleton}
      </LoadingSkeleton>
    )
  if (query.isPending) return <p className={cn('text-sm text-muted-foreground', className)}>{loadingText}</p>
  if (query.isError) return <p className={cn('text-sm text-destructive', className)}>{query.error.message}</p>
  return children(query.data)
}
