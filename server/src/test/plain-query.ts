import { parseSearchQuery, type QueryNode } from '@patentdesk/contract/search-query'
import { FIELDS } from '~/engine/prior-art/bm25f-fields'
import type { IndexedPatent } from '~/engine/prior-art/index-file'
import { sentenceStarts } from '~/shared/sentence-split'
import { termsOf } from '~/shared/terms'

/**
 * The search syntax read plainly, to check the index against (engine/prior-art/query-eval.ts): each
 * patent's fields as their terms in order, each term with its sentence and paragraph (a line of the text;
 * its sentences as `sentenceStarts` cuts them), and each node of the query read as its definition says,
 * with no postings, no candidates and no breaks encoded.
 */
type PlainField = { terms: string[]; sentence: number[]; paragraph: number[] }
export type PlainPatent = { patent: IndexedPatent; fields: PlainField[] }

function plainField(text: string): PlainField {
  const field: PlainField = { terms: [], sentence: [], paragraph: [] }
  let sentence = 0
  text.split('\n').forEach((line, paragraph) => {
    const starts = sentenceStarts(line)
    for (const [i, start] of starts.entries()) {
      for (const term of termsOf(line.slice(start, starts[i + 1]))) {
        field.terms.push(term)
        field.sentence.push(sentence)
        field.paragraph.push(paragraph)
      }
      sentence++
    }
  })
  return field
}

export const plainPatent = (patent: IndexedPatent): PlainPatent => ({
  patent,
  fields: FIELDS.map((field) => plainField(patent.texts[field])),
})

const glob = (pattern: string) =>
  new RegExp(`^${pattern.toLowerCase().replace(/\*/g, '.*').replace(/\?/g, '.')}$`)

/** Where a proximity side holds in a field: the positions of its first term. */
function positions(n: QueryNode, field: PlainField): number[] {
  const { terms } = field
  switch (n.kind) {
    case 'or':
      return n.nodes.flatMap((c) => positions(c, field))
    case 'near': {
      const [left, right] = [positions(n.left, field), positions(n.right, field)]
      return left.filter((l) =>
        right.some((r) => r !== l && Math.abs(r - l) <= n.distance && (!n.ordered || r > l)),
      )
    }
    case 'sentence':
    case 'paragraph': {
      const unit = n.kind === 'sentence' ? field.sentence : field.paragraph
      const [left, right] = [positions(n.left, field), positions(n.right, field)]
      return left.filter((l) => right.some((r) => unit[r] === unit[l]))
    }
    case 'word':
      if (/[*?]/.test(n.text)) return terms.flatMap((t, i) => (glob(n.text).test(t) ? [i] : []))
      break
    case 'phrase':
      break
    default:
      return []
  }
  const run = termsOf(n.text)
  return terms.flatMap((_, i) => (run.length > 0 && run.every((t, k) => terms[i + k] === t) ? [i] : []))
}

const words = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []
/** Every word of the value begins a word of the names. */
const namesHold = (names: string[], value: string) => {
  const held = names.flatMap(words)
  const asked = words(value)
  return asked.length > 0 && asked.every((word) => held.some((name) => name.startsWith(word)))
}

/** Whether a patent matches the node; `only`: one field's index. `cites`: who each patent cites. */
export function plainHolds(
  node: QueryNode,
  { patent, fields }: PlainPatent,
  cites: Record<string, string[]> = {},
  only?: number,
): boolean {
  const scope = only === undefined ? fields : [fields[only] as PlainField]
  const again = (n: QueryNode, field = only) => plainHolds(n, { patent, fields }, cites, field)
  switch (node.kind) {
    case 'word':
      if (/[*?]/.test(node.text)) return scope.some((f) => f.terms.some((t) => glob(node.text).test(t)))
      return termsOf(node.text).every((t) => scope.some((f) => f.terms.includes(t)))
    case 'phrase':
    case 'near':
    case 'sentence':
    case 'paragraph':
      return scope.some((field) => positions(node, field).length > 0)
    case 'and':
      return node.nodes.every((n) => again(n))
    case 'or':
      return node.nodes.some((n) => again(n))
    case 'not':
      return !again(node.node)
    case 'field':
      return again(node.node, FIELDS.indexOf(node.field))
    case 'cpc':
      return patent.codes.some((code) => code.startsWith(node.value))
    case 'assignee':
      return namesHold(patent.applicants, node.value)
    case 'inventor':
      return namesHold(patent.inventors, node.value)
    case 'country':
      return patent.reference.startsWith(node.value.toUpperCase())
    case 'cites':
      return (cites[patent.reference] ?? []).includes(node.value)
    case 'date': {
      const date =
        node.type === 'filing'
          ? patent.filingDate
          : node.type === 'publication'
            ? patent.publicationDate
            : (patent.priorityDate ?? patent.filingDate)
      if (!date) return false
      return node.side === 'before' ? date < node.date : date >= node.date
    }
  }
}

/** The references of the patents a query matches, sorted. */
export function plainSearch(q: string, patents: PlainPatent[], cites: Record<string, string[]> = {}) {
  const parsed = parseSearchQuery(q)
  if (!parsed.ok) throw new Error(parsed.problem.message)
  return patents
    .filter((p) => plainHolds(parsed.node, p, cites))
    .map((p) => p.patent.reference)
    .sort()
}
