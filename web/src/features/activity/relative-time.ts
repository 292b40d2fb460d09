// Made on first use: Intl's first use holds a first visit's main thread (contract/src/format.ts).
let relative: Intl.RelativeTimeFormat | undefined

// Each unit, and how many seconds make one, largest first.
const units: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
]

/** How long ago `iso` was, in its largest whole unit: "5 minutes ago", "yesterday"; under a minute, "just now". */
export function formatRelativeTime(iso: string, now = Date.now()) {
  const seconds = (new Date(iso).getTime() - now) / 1000
  if (Number.isNaN(seconds)) return iso
  const [unit, size] = units.find(([, size]) => Math.abs(seconds) >= size) ?? []
  relative ??= new Intl.RelativeTimeFormat('en-GB', { numeric: 'auto' })
  return unit && size ? relative.format(Math.trunc(seconds / size), unit) : 'just now'
}
