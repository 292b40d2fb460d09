import type { UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { cn } from '@/lib/utils'

type QueryStateProps<T> = {
  query: UseQueryResult<T>
  loadingText?: string
  /** Spacing of the loading and error texts, which differ between a card body and a table card. */
  className?: string
  children: (data: T) => ReactNode
}

/** Renders a query's loading text, its error, or its data once loaded. */
export function QueryState<T>({
  query,
  loadingText = 'Loading...',
  className,
  children,
}: QueryStateProps<T>) {
  if (query.isPending) return <p className={cn('text-sm text-muted-foreground', className)}>{loadingText}</p>
  if (query.isError) return <p className={cn('text-sm text-destructive', className)}>{query.error.message}</p>
  return children(query.data)
}
