/**
 * The database's own search (while the patent index is rebuilt) reads the search box's words, phrases, OR
 * and exclusions as PostgreSQL's websearch_to_tsquery does, plus Google-like exclusion (the index reads the
 * whole syntax: contract/src/search-query.ts):
 * words must all match; `OR` (any case) separates alternatives, each a group of words that must all match
 * (`cat dog OR bird` is (cat and dog) or bird); "quoted words" match as a phrase; `-word` or `-"a phrase"`
 * removes matches from the whole query.
 */
const TOKEN = /-?"[^"]*"?|\S+/g

/**
 * The query without its exclusions, and the exclusions joined by OR: websearch_to_tsquery alone would bind
 * `-word` to its neighbour (`a OR b -c` = `a | (b & !c)`).
 */
export function splitExclusions(q: string) {
  const tokens = q.match(TOKEN) ?? []
  const excluded = (t: string) => t.length > 1 && t.startsWith('-')
  const exclude = tokens.filter(excluded).map((t) => t.slice(1))
  const include = tokens.filter((t) => !excluded(t)).join(' ')
  return { include, exclude: exclude.join(' OR ') }
}
