import { cva } from 'class-variance-authority'
import { X } from 'lucide-react'
import { useEffect, useState, useSyncExternalStore } from 'react'

type ToastVariant = 'default' | 'destructive'

export type ToastOptions = { title: string; description?: string; variant?: ToastVariant }
type ToastItem = ToastOptions & { id: number; shownAt: number }

const durationMs = 5000
/**
 * A screen change begun this soon after a toast is the one its action caused (saved, so go to the list),
 * and the toast goes along to say how it went; any later screen change dismisses it.
 */
export const toastFollowsNavigationMs = 1000
const maxVisible = 3
const listeners = new Set<() => void>()
let items: ToastItem[] = []
let nextId = 1

function setItems(next: ToastItem[]) {
  items = next
  for (const listener of listeners) listener()
}

/** Shows a message in the toast area; callable from anywhere, inside React or not. */
export function toast(options: ToastOptions) {
  setItems([...items, { ...options, id: nextId++, shownAt: Date.now() }].slice(-maxVisible))
}

/** Whether a toast with these words is on screen now. */
export function toastIsShowing({ title, description, variant }: ToastOptions) {
  return items.some(
    (item) => item.title === title && item.description === description && item.variant === variant,
  )
}

/** Keeps toasts to their screen: called when the screen changes, with the time that change began. */
export function dismissToastsOfEarlierScreens(navigationStartedAt: number) {
  const kept = items.filter((item) => item.shownAt >= navigationStartedAt - toastFollowsNavigationMs)
  if (kept.length !== items.length) setItems(kept)
}

function dismiss(id: number) {
  setItems(items.filter((item) => item.id !== id))
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

const toastVariants = cva(
  'pointer-events-auto relative flex w-full animate-toast-in items-start gap-3 rounded-lg border p-4 pr-10 shadow-lg',
  {
    variants: {
      variant: {
        default: 'border-border bg-card text-card-foreground',
        destructive: 'border-destructive bg-destructive text-destructive-foreground',
      },
    },
    defaultVariants: { variant: 'default' },
  },
)

/**
 * The toast area. It is a live region itself: Radix Toast would repeat every message in a hidden
 * announcer, so each text would be on the page twice.
 */
export function Toaster() {
  const toasts = useSyncExternalStore(subscribe, () => items)
  return (
    <section
      aria-label="Messages"
      className="pointer-events-none fixed right-0 bottom-0 z-[100] w-full sm:max-w-sm"
    >
      <ol aria-live="polite" className="flex flex-col gap-2 p-4">
        {toasts.map((item) => (
          <ToastCard key={item.id} {...item} />
        ))}
      </ol>
    </section>
  )
}

function ToastCard({ id, title, description, variant }: ToastItem) {
  const [paused, setPaused] = useState(false)
  useEffect(() => {
    if (paused) return
    const timer = window.setTimeout(() => dismiss(id), durationMs)
    return () => window.clearTimeout(timer)
  }, [id, paused])

  return (
    <li
      className={toastVariants({ variant })}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      {/* The alert is inside the item, so the list holds list items only; the description keeps the
          full colour of its title (faded, it fell to 4.0:1 on the destructive red). */}
      <div role={variant === 'destructive' ? 'alert' : undefined} className="grid gap-1">
        <p className="text-sm font-semibold">{title}</p>
        {description && <p className="text-sm">{description}</p>}
      </div>
      <button
        type="button"
        aria-label="Close"
        onClick={() => dismiss(id)}
        className="absolute top-3 right-3 cursor-pointer rounded-md p-1 opacity-60 transition hover:opacity-100 focus:opacity-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-current"
      >
        <X className="size-4" />
      </button>
    </li>
  )
}
