/**
 * The search box's syntax, as Google Patents' (docs/product.md, Search): words side by side must all match;
 * `AND`, `OR`, `NOT` (and `-word`) with parentheses to any depth; fields `TI=`, `AB=`, `CL=` (claims),
 * `DESC=`, `CPC=` (a prefix) and `CT=` (patents citing a reference), and the colon forms `assignee:`,
 * `inventor:`, `country:`, `before:TYPE:YYYYMMDD` and `after:TYPE:YYYYMMDD` (TYPE priority, filing or
 * publication); proximity `A NEAR/n B` (within n words, either order), `A ADJ/n B` (in this order), `A WITH B`
 * (one sentence), `A SAME B` (one paragraph); truncation `batter*` and `wom?n`. Parsed in one pass, linear in
 * the query's length; a query that cannot be read is refused with the place it goes wrong (`position`, from 0).
 */

export type TextField = 'title' | 'abstract' | 'claims' | 'description'
/** The dates a patent is searched and sorted by. */
export const dateTypes = ['priority', 'filing', 'publication'] as const
export type DateType = (typeof dateTypes)[number]

export type QueryNode =
  /** A word; `*` (any ending) and `?` (one character) truncate it. */
  | { kind: 'word'; text: string }
  | { kind: 'phrase'; text: string }
  | { kind: 'and' | 'or'; nodes: QueryNode[] }
  | { kind: 'not'; node: QueryNode }
  /** Both within `distance` words of each other; `ordered`: the left one first (ADJ). */
  | { kind: 'near'; left: QueryNode; right: QueryNode; distance: number; ordered: boolean }
  /** Both in one sentence (WITH) or one paragraph (SAME). */
  | { kind: 'sentence' | 'paragraph'; left: QueryNode; right: QueryNode }
  | { kind: 'field'; field: TextField; node: QueryNode }
  | { kind: 'cpc' | 'assignee' | 'inventor' | 'country' | 'cites'; value: string }
  | { kind: 'date'; side: 'before' | 'after'; type: DateType; date: string }

export const queryLimits = {
  /** Letters a truncated word keeps before its first `*` or `?`: `a*` would be every word of the corpus. */
  stem: 3,
  /** NEAR/n and ADJ/n: n from 1 to this. */
  distance: 100,
  /** Parentheses inside parentheses. */
  depth: 20,
  /** Words, phrases and filters in one query. */
  operands: 100,
  /** The index's terms one truncated word may stand for: past it the word is refused, not cut. */
  truncationTerms: 2000,
} as const

export const queryMessages = {
  unclosedParenthesis: 'This parenthesis is never closed.',
  unopenedParenthesis: 'This parenthesis closes nothing.',
  unclosedQuote: 'This quote is never closed.',
  emptyGroup: 'These parentheses hold nothing.',
  tooDeep: `Parentheses may be nested ${queryLimits.depth} deep at most.`,
  tooMany: `A query may hold ${queryLimits.operands} words, phrases and filters at most.`,
  nothingBefore: (operator: string) => `${operator} needs something before it.`,
  nothingAfter: (operator: string) => `${operator} needs something after it.`,
  distance: (operator: string) =>
    `${operator} takes a distance from 1 to ${queryLimits.distance}, such as ${operator}/5.`,
  unknownField: (field: string) =>
    `${field}= is not a field: use TI=, AB=, CL=, DESC=, CPC= or CT= (or assignee:, inventor:, country:, before:, after:).`,
  fieldValue: (field: string) => `${field}= needs a value, such as ${field}=(battery separator).`,
  badCpc: 'CPC= takes a classification prefix such as G06F or G06F16/30.',
  badDate: (side: string) =>
    `${side}: takes a date type and a date, such as ${side}:priority:20120131 (priority, filing or publication).`,
  colonValue: (name: string) => `${name}: needs a value, such as ${name}:Samsung.`,
  shortStem: `A truncated word keeps at least ${queryLimits.stem} letters before * or ?, such as batter*.`,
  onlyExcluded: 'A query cannot only exclude: add what to find.',
  proximityOperand: (operator: string) => `${operator} joins words or phrases, not fields or filters.`,
} as const

/** What the index refuses of a query it can read: a truncation that would read too much of the corpus. */
export const refusedMessages = {
  tooManyWords: (word: string) =>
    `${word} matches more than ${queryLimits.truncationTerms} words of the corpus: give more letters.`,
} as const

export type QueryProblem = { message: string; position: number }

/** A problem as the search form and the API say it: the message, and where (counting from 1). */
export const queryProblemText = ({ message, position }: QueryProblem) =>
  `${message} (at character ${position + 1})`
export type ParsedQuery = { ok: true; node: QueryNode } | { ok: false; problem: QueryProblem }

const FIELDS: Record<string, TextField | 'cpc' | 'cites'> = {
  TI: 'title',
  AB: 'abstract',
  CL: 'claims',
  DESC: 'description',
  CPC: 'cpc',
  CT: 'cites',
}
const COLON_FILTERS = new Set(['assignee', 'inventor', 'country'])
const DATE_TYPES = new Set<string>(dateTypes)
const CPC = /^[A-HY](?:\d{2}(?:[A-Z](?:\d{1,4}(?:\/\d{1,6})?)?)?)?$/
const PROXIMITY = /^(NEAR|ADJ)(?:\/(\d{1,4}))?$/

type Token =
  | { type: '('; at: number }
  | { type: ')'; at: number }
  | { type: 'phrase'; text: string; at: number }
  | { type: 'word'; text: string; at: number }
  | { type: 'not-prefix'; at: number }

class Problem extends Error {
  constructor(
    message: string,
    readonly position: number,
  ) {
    super(message)
  }
}

const isSpace = (c: string) => c === ' ' || c === '\t' || c === '\n' || c === '\r'

/** The query's tokens, in one pass: parentheses, "phrases", `-` before a word or a group, and words. */
function tokensOf(q: string): Token[] {
  const tokens: Token[] = []
  let i = 0
  while (i < q.length) {
    const c = q[i] as string
    if (isSpace(c)) {
      i += 1
    } else if (c === '(' || c === ')') {
      tokens.push(c === '(' ? { type: '(', at: i } : { type: ')', at: i })
      i += 1
    } else if (c === '"') {
      const end = q.indexOf('"', i + 1)
      if (end === -1) throw new Problem(queryMessages.unclosedQuote, i)
      tokens.push({ type: 'phrase', text: q.slice(i + 1, end), at: i })
      i = end + 1
    } else if (c === '-' && (i === 0 || isSpace(q[i - 1] as string) || q[i - 1] === '(')) {
      // A `-` that starts a word excludes what follows it; one followed by nothing is refused there.
      tokens.push({ type: 'not-prefix', at: i })
      i += 1
    } else {
      let end = i
      // A field's value may follow its `=` in parentheses or quotes: the word stops there.
      while (
        end < q.length &&
        !isSpace(q[end] as string) &&
        q[end] !== '(' &&
        q[end] !== ')' &&
        q[end] !== '"'
      )
        end += 1
      tokens.push({ type: 'word', text: q.slice(i, end), at: i })
      i = end
    }
  }
  return tokens
}

/** Reads the tokens by recursive descent: OR of ANDs of NOTs of proximity chains of primaries. */
class Parser {
  private next = 0
  private depth = 0
  private operands = 0

  constructor(private readonly tokens: Token[]) {}

  private peek() {
    return this.tokens[this.next]
  }

  private operatorAt(token: Token | undefined) {
    if (token?.type !== 'word') return undefined
    // OR in any case, as the search box always read it; "and", "not", "with" and "same" in lower case are
    // words of the text (and stop words: the words side by side already all must match).
    if (token.text.toUpperCase() === 'OR') return 'OR'
    if (['AND', 'NOT', 'WITH', 'SAME'].includes(token.text)) return token.text
    return PROXIMITY.test(token.text) ? token.text : undefined
  }

  query(): QueryNode {
    const first = this.peek()
    if (first && this.operatorAt(first) && this.operatorAt(first) !== 'NOT')
      throw new Problem(queryMessages.nothingBefore(this.operatorAt(first) as string), first.at)
    const node = this.or()
    const left = this.peek()
    if (left?.type === ')') throw new Problem(queryMessages.unopenedParenthesis, left.at)
    return node
  }

  private or(): QueryNode {
    const nodes = [this.and()]
    while (this.operatorAt(this.peek()) === 'OR') {
      const operator = this.tokens[this.next++] as Token
      if (this.ends()) throw new Problem(queryMessages.nothingAfter('OR'), operator.at)
      nodes.push(this.and())
    }
    if (nodes.length === 1) return nodes[0] as QueryNode
    // The query's own alternatives (not a group's): its exclusions apply to all of them.
    return this.depth === 0 ? excludedFromAll({ kind: 'or', nodes }) : { kind: 'or', nodes }
  }

  /** Whether the group or the query ends here. */
  private ends() {
    const token = this.peek()
    return token === undefined || token.type === ')'
  }

  private and(): QueryNode {
    const nodes: QueryNode[] = []
    for (;;) {
      if (this.ends() || this.operatorAt(this.peek()) === 'OR') break
      if (this.operatorAt(this.peek()) === 'AND') {
        const operator = this.tokens[this.next++] as Token
        if (nodes.length === 0) throw new Problem(queryMessages.nothingBefore('AND'), operator.at)
        if (this.ends() || this.operatorAt(this.peek()) === 'OR')
          throw new Problem(queryMessages.nothingAfter('AND'), operator.at)
        continue
      }
      nodes.push(this.not())
    }
    return nodes.length === 1 ? (nodes[0] as QueryNode) : { kind: 'and', nodes }
  }

  private not(): QueryNode {
    const token = this.peek()
    if (token && (token.type === 'not-prefix' || this.operatorAt(token) === 'NOT')) {
      this.next += 1
      if (this.ends() || this.operatorAt(this.peek()))
        throw new Problem(queryMessages.nothingAfter(token.type === 'not-prefix' ? '-' : 'NOT'), token.at)
      return { kind: 'not', node: this.not() }
    }
    return this.proximity()
  }

  private proximity(): QueryNode {
    let left = this.primary()
    for (;;) {
      const token = this.peek()
      const operator = this.operatorAt(token)
      if (!token || !operator || operator === 'OR' || operator === 'AND' || operator === 'NOT') return left
      this.next += 1
      if (this.ends() || this.operatorAt(this.peek()))
        throw new Problem(queryMessages.nothingAfter(operator), token.at)
      const right = this.primary()
      for (const side of [left, right])
        if (!isText(side))
          throw new Problem(queryMessages.proximityOperand(operator.replace(/\/.*/, '')), token.at)
      if (operator === 'WITH' || operator === 'SAME') {
        left = { kind: operator === 'WITH' ? 'sentence' : 'paragraph', left, right }
        continue
      }
      const [, name, digits] = PROXIMITY.exec(operator) as RegExpExecArray
      const distance = digits === undefined ? (name === 'ADJ' ? 1 : 10) : Number(digits)
      if (distance < 1 || distance > queryLimits.distance)
        throw new Problem(queryMessages.distance(name as string), token.at)
      left = { kind: 'near', left, right, distance, ordered: name === 'ADJ' }
    }
  }

  private counted<T extends QueryNode>(node: T, at: number): T {
    this.operands += 1
    if (this.operands > queryLimits.operands) throw new Problem(queryMessages.tooMany, at)
    return node
  }

  private group(open: Token): QueryNode {
    this.depth += 1
    if (this.depth > queryLimits.depth) throw new Problem(queryMessages.tooDeep, open.at)
    if (this.peek()?.type === ')') throw new Problem(queryMessages.emptyGroup, open.at)
    const first = this.peek()
    if (first && this.operatorAt(first) && this.operatorAt(first) !== 'NOT')
      throw new Problem(queryMessages.nothingBefore(this.operatorAt(first) as string), first.at)
    const node = this.or()
    if (this.peek()?.type !== ')') throw new Problem(queryMessages.unclosedParenthesis, open.at)
    this.next += 1
    this.depth -= 1
    return node
  }

  private primary(): QueryNode {
    const token = this.tokens[this.next++]
    if (token === undefined) throw new Problem(queryMessages.nothingAfter('the query'), 0)
    if (token.type === '(') return this.group(token)
    if (token.type === ')') throw new Problem(queryMessages.unopenedParenthesis, token.at)
    if (token.type === 'not-prefix') throw new Problem(queryMessages.nothingAfter('-'), token.at)
    if (token.type === 'phrase') return this.counted({ kind: 'phrase', text: token.text }, token.at)
    return this.wordOrField(token)
  }

  private wordOrField(token: { text: string; at: number }): QueryNode {
    const equals = /^([A-Za-z]{2,4})=(.*)$/.exec(token.text)
    if (equals) return this.field(equals[1] as string, equals[2] as string, token.at)
    const colon = /^([a-z]+):(.*)$/i.exec(token.text)
    if (
      colon &&
      (COLON_FILTERS.has((colon[1] as string).toLowerCase()) || /^(before|after)$/i.test(colon[1] as string))
    )
      return this.colonFilter((colon[1] as string).toLowerCase(), colon[2] as string, token.at)
    const stem = /^[^*?]*/.exec(token.text)?.[0] ?? ''
    if (stem.length < token.text.length && stem.length < queryLimits.stem)
      throw new Problem(queryMessages.shortStem, token.at)
    return this.counted({ kind: 'word', text: token.text }, token.at)
  }

  private field(name: string, value: string, at: number): QueryNode {
    const field = FIELDS[name.toUpperCase()]
    if (!field) throw new Problem(queryMessages.unknownField(name), at)
    if (field === 'cpc' || field === 'cites') {
      const code = value.trim().toUpperCase()
      if (code === '') throw new Problem(queryMessages.fieldValue(name.toUpperCase()), at)
      if (field === 'cpc' && !CPC.test(code)) throw new Problem(queryMessages.badCpc, at)
      return this.counted({ kind: field, value: code }, at)
    }
    // TI=word, or TI= followed by a group or a phrase.
    if (value !== '')
      return { kind: 'field', field, node: this.wordOrField({ text: value, at: at + name.length + 1 }) }
    const next = this.peek()
    if (next?.type === '(' && next.at === at + name.length + 1) {
      this.next += 1
      return { kind: 'field', field, node: this.group(next) }
    }
    if (next?.type === 'phrase' && next.at === at + name.length + 1) {
      this.next += 1
      return { kind: 'field', field, node: this.counted({ kind: 'phrase', text: next.text }, next.at) }
    }
    throw new Problem(queryMessages.fieldValue(name.toUpperCase()), at)
  }

  private colonFilter(name: string, value: string, at: number): QueryNode {
    if (name === 'before' || name === 'after') {
      const [type, date] = value.toLowerCase().split(':')
      if (!DATE_TYPES.has(type as string) || !/^\d{8}$/.test(date ?? '') || !realDate(date as string))
        throw new Problem(queryMessages.badDate(name), at)
      const iso = `${date?.slice(0, 4)}-${date?.slice(4, 6)}-${date?.slice(6)}`
      return this.counted({ kind: 'date', side: name, type: type as DateType, date: iso }, at)
    }
    // A value in quotes may follow the colon: assignee:"Acme Optics".
    let text = value
    const next = this.peek()
    if (text === '' && next?.type === 'phrase' && next.at === at + name.length + 1) {
      this.next += 1
      text = next.text
    }
    if (text.trim() === '') throw new Problem(queryMessages.colonValue(name), at)
    return this.counted({ kind: name as 'assignee' | 'inventor' | 'country', value: text.trim() }, at)
  }
}

function realDate(yyyymmdd: string) {
  const [y, m, d] = [yyyymmdd.slice(0, 4), yyyymmdd.slice(4, 6), yyyymmdd.slice(6)].map(Number) as [
    number,
    number,
    number,
  ]
  const date = new Date(Date.UTC(y, m - 1, d))
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d
}

/** Whether a node is text proximity can measure: words, phrases, their alternatives and proximities. */
function isText(node: QueryNode): boolean {
  if (node.kind === 'or') return node.nodes.every(isText)
  return ['word', 'phrase', 'near', 'sentence', 'paragraph'].includes(node.kind)
}

/**
 * The query's own exclusions apply to all of it, as a search box's `-word` does: `bicycle OR tricycle
 * -helmet` is (bicycle OR tricycle) without helmet. Inside parentheses, NOT binds to its group.
 */
function excludedFromAll(node: QueryNode): QueryNode {
  if (node.kind !== 'or') return node
  const excluded: QueryNode[] = []
  const alternatives = node.nodes.map((alternative) => {
    if (alternative.kind !== 'and') return alternative
    excluded.push(...alternative.nodes.filter((n) => n.kind === 'not'))
    const kept = alternative.nodes.filter((n) => n.kind !== 'not')
    return kept.length === 1 ? (kept[0] as QueryNode) : { kind: 'and' as const, nodes: kept }
  })
  if (excluded.length === 0) return node
  return { kind: 'and', nodes: [{ kind: 'or', nodes: alternatives }, ...excluded] }
}

/** Whether the node can match a patent without anything else: an exclusion alone matches nothing. */
function finds(node: QueryNode): boolean {
  if (node.kind === 'not') return false
  if (node.kind === 'and') return node.nodes.some(finds)
  if (node.kind === 'or') return node.nodes.every(finds)
  return true
}

/** The query's tree, or the problem that stops it being read and where (0-based). */
export function parseSearchQuery(q: string): ParsedQuery {
  try {
    const node = new Parser(tokensOf(q)).query()
    if (!finds(node)) return { ok: false, problem: { message: queryMessages.onlyExcluded, position: 0 } }
    return { ok: true, node }
  } catch (error) {
    if (error instanceof Problem)
      return { ok: false, problem: { message: error.message, position: error.position } }
    throw error
  }
}
