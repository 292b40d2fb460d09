/**
 * The analysis charts' colours, as hex because Recharts writes them into SVG attributes. Each mark is at
 * least 3:1 against the white card (WCAG 1.4.11); the track behind the gauge is a backdrop, not a mark.
 */
export const chartColours = {
  /** blue-600, 5.2:1: the novelty score and the invention's own filings. */
  primary: '#2563eb',
  /** slate-200: the unfilled part of the gauge. */
  track: '#e2e8f0',
  /** red-700, 6.5:1: features the prior art already holds. */
  found: '#b91c1c',
  /** amber-600, 3.2:1: features the prior art holds in part. */
  partly: '#d97706',
  /** orange-700, 5.2:1: the line beside the bars. */
  line: '#c2410c',
  /** The muted foreground (#566880): axis text. */
  axis: '#566880',
  /** slate-200: grid lines. */
  grid: '#e2e8f0',
} as const
