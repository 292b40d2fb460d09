/**
 * The search box's syntax, as PostgreSQL's websearch_to_tsquery reads it, plus Google-like exclusion:
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

/** A word or a phrase of the query. */
export type Operand = { text: string; phrase: boolean }

/**
 * The query's structure: alternatives (any may match), each a list of operands (all must match), and the
 * excluded operands (none may match).
 */
export function parseQuery(q: string) {
  const { include, exclude } = splitExclusions(q)
  const alternatives: Operand[][] = [[]]
  for (const token of include.match(TOKEN) ?? []) {
    if (token.toLowerCase() === 'or') alternatives.push([])
    else (alternatives.at(-1) as Operand[]).push(operandOf(token))
  }
  const excluded = (exclude.match(TOKEN) ?? []).filter((t) => t.toLowerCase() !== 'or').map(operandOf)
  return { alternatives: alternatives.filter((a) => a.length > 0), excluded }
}

function operandOf(token: string): Operand {
  const phrase = token.startsWith('"')
  return { text: phrase ? token.replace(/^"|"$/g, '') : token, phrase }
}
