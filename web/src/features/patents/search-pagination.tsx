import { ChevronLeft, ChevronRight } from 'lucide-react'
import { Link } from 'react-router'
import { buttonVariants } from '@/components/ui/button'
import { cn } from '@/lib/utils'

type SearchPaginationProps = {
  page: number
  totalPages: number
  /** The address of a page: the current search at that page. */
  hrefOf: (page: number) => string
}

/** The first, last and neighbouring pages, with a gap marker where pages are skipped. */
function pageWindow(page: number, totalPages: number) {
  const pages = [...new Set([1, page - 2, page - 1, page, page + 1, page + 2, totalPages])]
    .filter((p) => p >= 1 && p <= totalPages)
    .sort((a, b) => a - b)
  return pages.flatMap((p, index) => (index > 0 && p - (pages[index - 1] ?? p) > 1 ? [`gap-${p}`, p] : [p]))
}

export function SearchPagination({ page, totalPages, hrefOf }: SearchPaginationProps) {
  const inRange = (target: number) => target >= 1 && target <= totalPages
  return (
    <nav aria-label="Pagination" className="flex flex-wrap items-center justify-center gap-1">
      <PageStep to={inRange(page - 1) ? hrefOf(page - 1) : null}>
        <ChevronLeft />
        Previous
      </PageStep>
      {pageWindow(page, totalPages).map((p) =>
        typeof p === 'string' ? (
          <span key={p} aria-hidden="true" className="px-1 text-muted-foreground">
            …
          </span>
        ) : (
          <Link
            key={p}
            to={hrefOf(p)}
            aria-label={`Page ${p}`}
            aria-current={p === page ? 'page' : undefined}
            className={buttonVariants({ variant: p === page ? 'default' : 'ghost', size: 'sm' })}
          >
            {p}
          </Link>
        ),
      )}
      <PageStep to={inRange(page + 1) ? hrefOf(page + 1) : null}>
        Next
        <ChevronRight />
      </PageStep>
    </nav>
  )
}

function PageStep({ to, children }: { to: string | null; children: React.ReactNode }) {
  const className = buttonVariants({ variant: 'outline', size: 'sm' })
  if (!to) {
    return (
      <span aria-disabled="true" className={cn(className, 'cursor-default opacity-50 hover:bg-card')}>
        {children}
      </span>
    )
  }
  return (
    <Link to={to} className={className}>
      {children}
    </Link>
  )
}
