import type { similarityBand } from '@patentdesk/contract/patents'

type Band = ReturnType<typeof similarityBand>

/** The colour bands of the comparison (spec §2), lowest first, with their matrix and bar colours. */
export const bandStyles: Record<Band, { label: string; cell: string; bar: string }> = {
  green: { label: 'Below 40%', cell: 'bg-green-100 text-green-800', bar: 'bg-green-500' },
  yellow: { label: '40–59%', cell: 'bg-yellow-100 text-yellow-800', bar: 'bg-yellow-400' },
  orange: { label: '60–79%', cell: 'bg-orange-100 text-orange-800', bar: 'bg-orange-500' },
  red: { label: '80% and above', cell: 'bg-red-100 text-red-800', bar: 'bg-red-500' },
}
