import { type ClassValue, clsx } from 'clsx'
import { twMerge } from 'tailwind-merge'

// tailwind-merge builds its map of every class on its first call: 10–28 ms on this machine kind, one piece of
// work that no transition can split. The first screen's first render makes that call before it paints; made
// here, in the entry's evaluation just before that render, the work is the same and the render's slices stay
// short (docs/decisions/0040).
twMerge('')

export function cn(...inputs: ClassValue[]) {
  return twMerge(clsx(inputs))
}
