/** The table bench:scale prints, and each figure's growth per 100,000 patents. */

export type Figures = {
  firstStart: number
  importWall?: number
  importRate?: number
  caughtUp?: number
  vectors?: number
  indexBuild?: number
  indexMb: number
  restart: number
  rssReady: number
  rssPeak: number
  searchP50: number
  searchP95: number
  syntaxP95: number
  analysisP50: number
  analysisP95: number
  databaseMb: number
  walMb?: number
}
export type Row = { driver: string; patents: number; figures: Figures }

/**
 * The table's columns: two header lines each; `grows: false` for what every size does alike (the first start
 * loads the shipped corpus), `zeroAtShipped` for what is nothing without an import (its time).
 */
const columns: {
  key: keyof Figures
  head: [string, string]
  digits: number
  grows?: false
  zeroAtShipped?: true
}[] = [
  { key: 'firstStart', head: ['first', 'start s'], digits: 1, grows: false },
  { key: 'importWall', head: ['import', 's'], digits: 1, zeroAtShipped: true },
  { key: 'importRate', head: ['import', '/s'], digits: 0 },
  { key: 'caughtUp', head: ['caught', 'up s'], digits: 1 },
  { key: 'vectors', head: ['vectors', 'done s'], digits: 1 },
  { key: 'indexBuild', head: ['index', 'build s'], digits: 1 },
  { key: 'indexMb', head: ['index', 'MB'], digits: 0 },
  { key: 'restart', head: ['restart', 's'], digits: 1 },
  { key: 'rssReady', head: ['RSS', 'ready MB'], digits: 0 },
  { key: 'rssPeak', head: ['RSS', 'peak MB'], digits: 0 },
  { key: 'searchP50', head: ['search', 'p50 ms'], digits: 1 },
  { key: 'searchP95', head: ['search', 'p95 ms'], digits: 1 },
  { key: 'syntaxP95', head: ['syntax', 'p95 ms'], digits: 1 },
  { key: 'analysisP50', head: ['analysis', 'p50 ms'], digits: 0 },
  { key: 'analysisP95', head: ['analysis', 'p95 ms'], digits: 0 },
  { key: 'databaseMb', head: ['database', 'MB'], digits: 0 },
  { key: 'walMb', head: ['PGlite', 'WAL MB'], digits: 0 },
]

/** A figure with `digits` decimals ('-': not measured), without the sign of a slope that rounds to zero. */
export function shown(value: number | undefined, digits: number) {
  if (value === undefined) return '-'
  const text = value.toFixed(digits)
  return Number(text) === 0 ? (0).toFixed(digits) : text
}

/** Rows of a driver, a size (or what stands for it) and figures, as right-aligned text columns. */
export function printTable(rows: { driver: string; patents: string; figures: Partial<Figures> }[]) {
  const cells = [
    [['', 'driver'], ...rows.map((r) => r.driver)],
    [['', 'patents'], ...rows.map((r) => r.patents)],
    ...columns.map(({ key, head, digits }) => [head, ...rows.map((r) => shown(r.figures[key], digits))]),
  ] as [[string, string], ...string[]][]
  printColumns(cells)
}

/** Columns, each its two header lines then a text per row, right-aligned: the benchmarks' tables. */
export function printColumns(cells: [[string, string], ...string[]][]) {
  const rows = Math.max(0, ...cells.map((column) => column.length - 1))
  const widths = cells.map((column) => Math.max(...column.flat().map((text) => text.length)))
  const line = (texts: string[]) => texts.map((text, i) => text.padStart(widths[i] as number)).join('  ')
  console.log(line(cells.map((column) => column[0][0])))
  console.log(line(cells.map((column) => column[0][1])))
  for (let i = 1; i <= rows; i++)
    console.log(line(cells.map((column) => (column[i] as string | undefined) ?? '')))
}

/**
 * Each figure's straight-line growth per 100,000 patents between the smallest and largest size it has; the
 * import's time starts from nothing at the shipped corpus, so that one import is enough for its slope.
 */
export function growth(rows: Row[], shippedCount: number) {
  const slopes: Partial<Figures> = {}
  for (const { key, grows, zeroAtShipped } of columns) {
    if (grows === false) continue
    const points = rows.flatMap((r) => {
      const value = r.figures[key]
      return value === undefined ? [] : [{ patents: r.patents, value }]
    })
    if (zeroAtShipped) points.push({ patents: shippedCount, value: 0 })
    points.sort((a, b) => a.patents - b.patents)
    const [low, high] = [points[0], points.at(-1)]
    if (!low || !high || high.patents === low.patents) continue
    slopes[key] = ((high.value - low.value) / (high.patents - low.patents)) * 100_000
  }
  return slopes
}
