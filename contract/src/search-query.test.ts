import { describe, expect, it } from 'vitest'
import { parseSearchQuery, type QueryNode, queryLimits, queryMessages } from './search-query'

const tree = (q: string) => {
  const parsed = parseSearchQuery(q)
  if (!parsed.ok) throw new Error(`${q}: ${parsed.problem.message} at ${parsed.problem.position}`)
  return parsed.node
}
const problem = (q: string) => {
  const parsed = parseSearchQuery(q)
  if (parsed.ok) throw new Error(`${q} was read`)
  return parsed.problem
}
const word = (text: string): QueryNode => ({ kind: 'word', text })

describe('parseSearchQuery', () => {
  it('reads words side by side as AND, OR between groups, and AND written out', () => {
    expect(tree('battery separator')).toEqual({ kind: 'and', nodes: [word('battery'), word('separator')] })
    expect(tree('cat dog OR bird')).toEqual({
      kind: 'or',
      nodes: [{ kind: 'and', nodes: [word('cat'), word('dog')] }, word('bird')],
    })
    expect(tree('cat AND dog or bird')).toEqual(tree('cat dog OR bird'))
    // "and" in lower case is a word of the text, as "not", "with" and "same" are.
    expect(tree('salt and')).toEqual({ kind: 'and', nodes: [word('salt'), word('and')] })
  })

  it('nests parentheses to any depth, and reads NOT and - as exclusion', () => {
    expect(tree('(a OR (b c)) -d NOT "e f"')).toEqual({
      kind: 'and',
      nodes: [
        { kind: 'or', nodes: [word('a'), { kind: 'and', nodes: [word('b'), word('c')] }] },
        { kind: 'not', node: word('d') },
        { kind: 'not', node: { kind: 'phrase', text: 'e f' } },
      ],
    })
    expect(tree('lamp -(bicycle OR cycle)')).toEqual({
      kind: 'and',
      nodes: [word('lamp'), { kind: 'not', node: { kind: 'or', nodes: [word('bicycle'), word('cycle')] } }],
    })
    // A hyphen inside a word is part of it; "not" in lower case is a word of the text.
    expect(tree('e-mail not')).toEqual({ kind: 'and', nodes: [word('e-mail'), word('not')] })
  })

  it('reads the fields, with a word, a phrase or a group', () => {
    expect(tree('TI=battery')).toEqual({ kind: 'field', field: 'title', node: word('battery') })
    expect(tree('CL=(battery NEAR/5 separator) AB="solid state" DESC=anode*')).toEqual({
      kind: 'and',
      nodes: [
        {
          kind: 'field',
          field: 'claims',
          node: {
            kind: 'near',
            left: word('battery'),
            right: word('separator'),
            distance: 5,
            ordered: false,
          },
        },
        { kind: 'field', field: 'abstract', node: { kind: 'phrase', text: 'solid state' } },
        { kind: 'field', field: 'description', node: word('anode*') },
      ],
    })
    expect(tree('cpc=g06f16/30 CT=US9449495B1')).toEqual({
      kind: 'and',
      nodes: [
        { kind: 'cpc', value: 'G06F16/30' },
        { kind: 'cites', value: 'US9449495B1' },
      ],
    })
  })

  it('reads the colon forms: parties, country and dates of each type', () => {
    expect(
      tree('battery -assignee:Samsung inventor:"Ada Lovelace" country:EP before:filing:20120101'),
    ).toEqual({
      kind: 'and',
      nodes: [
        word('battery'),
        { kind: 'not', node: { kind: 'assignee', value: 'Samsung' } },
        { kind: 'inventor', value: 'Ada Lovelace' },
        { kind: 'country', value: 'EP' },
        { kind: 'date', side: 'before', type: 'filing', date: '2012-01-01' },
      ],
    })
    expect(tree('after:priority:19991231 lamp')).toMatchObject({
      nodes: [{ kind: 'date', side: 'after', type: 'priority', date: '1999-12-31' }, word('lamp')],
    })
  })

  it('reads proximity: NEAR and ADJ with their distances, WITH and SAME, left to right', () => {
    expect(tree('a ADJ/2 b WITH c')).toEqual({
      kind: 'sentence',
      left: { kind: 'near', left: word('a'), right: word('b'), distance: 2, ordered: true },
      right: word('c'),
    })
    expect(tree('a NEAR b')).toMatchObject({ kind: 'near', distance: 10, ordered: false })
    expect(tree('a ADJ b')).toMatchObject({ kind: 'near', distance: 1, ordered: true })
    expect(tree('(a OR b) SAME "c d"')).toMatchObject({ kind: 'paragraph' })
  })

  it("applies the query's own exclusions to all of it, and binds NOT to its group inside parentheses", () => {
    expect(tree('bicycle OR tricycle -helmet')).toEqual({
      kind: 'and',
      nodes: [
        { kind: 'or', nodes: [word('bicycle'), word('tricycle')] },
        { kind: 'not', node: word('helmet') },
      ],
    })
    expect(tree('(bicycle OR tricycle -helmet)')).toEqual({
      kind: 'or',
      nodes: [
        word('bicycle'),
        { kind: 'and', nodes: [word('tricycle'), { kind: 'not', node: word('helmet') }] },
      ],
    })
  })

  it('keeps a truncated word whose stem is long enough', () => {
    expect(tree('batter* wom?n')).toEqual({ kind: 'and', nodes: [word('batter*'), word('wom?n')] })
  })

  it.each([
    ['(battery separator', queryMessages.unclosedParenthesis, 0],
    ['battery) separator', queryMessages.unopenedParenthesis, 7],
    ['battery "solid state', queryMessages.unclosedQuote, 8],
    ['battery ()', queryMessages.emptyGroup, 8],
    ['XY=(battery)', queryMessages.unknownField('XY'), 0],
    ['TI=', queryMessages.fieldValue('TI'), 0],
    ['CPC=battery', queryMessages.badCpc, 0],
    ['battery NEAR/0 separator', queryMessages.distance('NEAR'), 8],
    ['battery ADJ/101 separator', queryMessages.distance('ADJ'), 8],
    ['OR battery', queryMessages.nothingBefore('OR'), 0],
    ['battery OR', queryMessages.nothingAfter('OR'), 8],
    ['battery AND', queryMessages.nothingAfter('AND'), 8],
    ['battery NEAR/5', queryMessages.nothingAfter('NEAR/5'), 8],
    ['battery -', queryMessages.nothingAfter('-'), 8],
    ['a* battery', queryMessages.shortStem, 0],
    ['battery ba?', queryMessages.shortStem, 8],
    ['-battery -separator', queryMessages.onlyExcluded, 0],
    ['before:filing:20120231', queryMessages.badDate('before'), 0],
    ['after:grant:20120101', queryMessages.badDate('after'), 0],
    ['assignee:', queryMessages.colonValue('assignee'), 0],
    ['TI=(a) NEAR b', queryMessages.proximityOperand('NEAR'), 7],
  ])('refuses %j: %s, at %i', (q, message, position) => {
    expect(problem(q)).toEqual({ message, position })
  })

  it('bounds the nesting and the number of operands', () => {
    const deep = `${'('.repeat(queryLimits.depth + 1)}a${')'.repeat(queryLimits.depth + 1)}`
    expect(problem(deep)).toEqual({ message: queryMessages.tooDeep, position: queryLimits.depth })
    expect(tree(`${'('.repeat(queryLimits.depth)}a${')'.repeat(queryLimits.depth)}`)).toEqual(word('a'))
    const many = Array.from({ length: queryLimits.operands + 1 }, (_, i) => `w${i}`).join(' ')
    expect(problem(many).message).toBe(queryMessages.tooMany)
  })
})
