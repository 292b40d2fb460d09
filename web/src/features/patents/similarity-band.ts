import type { similarityBand } from '@patentdesk/contract/patents'

type Band = ReturnType<typeof similarityBand>

/**
 * The colour bands of the comparison (docs/product.md, Comparison), lowest first: the heatmap's tile (a
 * light fill under dark text, 4.5:1, edged in the band's strong colour, 3:1 against the page) and the pair
 * bar's colour.
 */
export const bandStyles: Record<Band, { label: string; cell: string; bar: string }> = {
  green: {
    label: 'Below 40%',
    cell: 'bg-green-100 text-green-900 border-green-600',
    bar: 'bg-green-500',
  },
  yellow: {
    label: '40–59%',
    cell: 'bg-yellow-100 text-yellow-900 border-yellow-700',
    bar: 'bg-yellow-400',
  },
  orange: {
    label: '60–79%',
    cell: 'bg-orange-200 text-orange-950 border-orange-600',
    bar: 'bg-orange-500',
  },
  red: { label: '80% and above', cell: 'bg-red-200 text-red-950 border-red-600', bar: 'bg-red-500' },
}
