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
 * The query as alternatives (split at `OR`), each the words and phrases that must all match, and the
 * words and phrases excluded from the whole query (`-word` binds to no neighbour, unlike
 * websearch_to_tsquery's own: `a OR b -c` is (a or b) and not c).
 */
export function readQuery(q: string) {
  const tokens = q.match(TOKEN) ?? []
  const excluded = (t: string) => t.length > 1 && t.startsWith('-')
  const alternatives: string[][] = [[]]
  for (const token of tokens.filter((t) => !excluded(t)))
    if (token.toLowerCase() === 'or') alternatives.push([])
    else alternatives.at(-1)?.push(token)
  return {
    alternatives: alternatives.filter((tokens) => tokens.length > 0),
    excluded: tokens.filter(excluded).map((t) => t.slice(1)),
  }
}
