import { formatLongDate } from '@patentdesk/contract/common'
import type { AlertSetting, SavedQuery } from '@patentdesk/contract/saved-searches'

export const alertLabels: Record<AlertSetting, string> = {
  off: 'No mail',
  instant: 'Mail at once',
  daily: 'Daily digest',
  weekly: 'Weekly digest',
}

const sortLabels = { new: 'newest first', old: 'oldest first' } as const

/** What a saved search asks besides its words, in a line: its filters and its order. */
export function describeQuery({ from, to, cpc, applicant, sort, dateType, dups }: SavedQuery) {
  const parts: string[] = []
  if (from && to) parts.push(`filed ${formatLongDate(from)} to ${formatLongDate(to)}`)
  else if (from) parts.push(`filed from ${formatLongDate(from)}`)
  else if (to) parts.push(`filed until ${formatLongDate(to)}`)
  if (cpc) parts.push(`CPC ${cpc}`)
  if (applicant) parts.push(`applicant ${applicant}`)
  if (sort !== 'relevance') parts.push(`${sortLabels[sort]} by ${dateType} date`)
  if (dups) parts.push('one per family')
  return parts.join(' · ')
}
