import { type ComponentProps, useEffect, useRef, useState } from 'react'
import { cn } from '@/lib/utils'

/** Whether the element's content is wider than its box, kept up to date as either changes size. */
function useOverflowsSideways<T extends HTMLElement>() {
  const ref = useRef<T>(null)
  const [overflows, setOverflows] = useState(false)
  useEffect(() => {
    const element = ref.current
    if (!element || typeof ResizeObserver === 'undefined') return
    const measure = () => setOverflows(element.scrollWidth > element.clientWidth)
    const observer = new ResizeObserver(measure)
    observer.observe(element)
    if (element.firstElementChild) observer.observe(element.firstElementChild)
    measure()
    return () => observer.disconnect()
  }, [])
  return [ref, overflows] as const
}

type TableProps = ComponentProps<'table'> & {
  /** Names the table's scroll box for assistive technology, e.g. "My patent applications". */
  label: string
}

/**
 * A table that scrolls sideways inside its own box when the screen is narrower than its columns,
 * so the page itself never does. While it scrolls, the box is a labelled region in the tab order, so
 * a keyboard user can scroll it with the arrow keys (axe scrollable-region-focusable).
 */
export function Table({ className, label, ...props }: TableProps) {
  const [ref, overflows] = useOverflowsSideways<HTMLDivElement>()
  return (
    <div
      ref={ref}
      className="w-full overflow-x-auto"
      {...(overflows ? { role: 'region', 'aria-label': label, tabIndex: 0 } : {})}
    >
      <table aria-label={label} className={cn('w-full caption-bottom text-sm', className)} {...props} />
    </div>
  )
}
export function TableHeader({ className, ...props }: ComponentProps<'thead'>) {
  return <thead className={cn('[&_tr]:border-b', className)} {...props} />
}

export function TableBody({ className, ...props }: ComponentProps<'tbody'>) {
  return <tbody className={cn('[&_tr:last-child]:border-0', className)} {...props} />
}

export function TableRow({ className, ...props }: ComponentProps<'tr'>) {
  return <tr className={cn('border-b transition-colors hover:bg-slate-50', className)} {...props} />
}

export function TableHead({ className, ...props }: ComponentProps<'th'>) {
  return (
    <th
      className={cn(
        'h-10 whitespace-nowrap px-3 text-left align-middle text-xs font-medium uppercase tracking-wide text-muted-foreground',
        className,
      )}
      {...props}
    />
  )
}

export function TableCell({ className, ...props }: ComponentProps<'td'>) {
  return <td className={cn('px-3 py-3 align-middle', className)} {...props} />
}
