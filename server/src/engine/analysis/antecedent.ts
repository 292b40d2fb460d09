import { claimParents, claimReferences, stem } from './text'

const INDEFINITE = new Set(['a', 'an', 'one', 'each', 'every', 'least'])
const DEFINITE = new Set(['said', 'the'])
/** Words that count a group ("a plurality of levers"): the phrase goes on after their "of". */
const QUANTITY = new Set(['plurality', 'pair', 'set', 'number', 'series', 'group', 'multitude'])
/** Words after 'the' that do not name a claimed element ("the same", "the art"). */
const NOT_ELEMENTS = new Set([
  ...QUANTITY,
  'same',
  'art',
  'invention',
  'use',
  'following',
  'other',
  'user',
  'present',
  'like',
  'end',
  'form',
  'claim',
  'claims',
  'step',
  'steps',
  'method',
  'first',
  'second',
  'third',
  'preceding',
  'foregoing',
  'whole',
  'time',
  // The application's own parts, which a claim should not rely on (see the drafting checks).
  'accompanying',
  'description',
  'specification',
  'drawings',
  'figure',
  'figures',
])
/** Words that end a noun phrase. */
const BOUNDARY = new Set([
  'of',
  'and',
  'or',
  'to',
  'in',
  'on',
  'for',
  'with',
  'by',
  'is',
  'are',
  'wherein',
  'which',
  'that',
  'being',
  'from',
  'at',
  'as',
  'has',
  'have',
  'having',
  'comprising',
  'including',
  'configured',
  'when',
  'where',
  'whereby',
  ';',
  ',',
  '.',
  ':',
])

/** A word (lower-cased) or a punctuation mark of a text, with its offsets. */
export type Token = { word: string; start: number; end: number }
/** A determiner and the words it governs; `next` is the token after them, if any. */
export type NounPhrase = { determiner: Token; words: Token[]; next: Token | undefined }

/** The words and marks of a text, one pass: a match object less per token than spreading `matchAll`. */
function tokenize(text: string): Token[] {
  const tokens: Token[] = []
  const pattern = /[a-z][a-z0-9-]*|[;,.:]/gi
  for (let m = pattern.exec(text); m !== null; m = pattern.exec(text))
    tokens.push({ word: m[0].toLowerCase(), start: m.index, end: pattern.lastIndex })
  return tokens
}

const isDeterminer = (word: string) => INDEFINITE.has(word) || DEFINITE.has(word)

/**
 * The words the determiner at `index` governs, up to three, stopping at a connector or another
 * determiner; "a plurality of levers" reads through to the levers.
 */
function phraseAt(tokens: Token[], index: number): NounPhrase {
  const words: Token[] = []
  let j = index + 1
  for (; j < tokens.length && words.length < 3; j++) {
    const word = (tokens[j] as Token).word
    if (word === 'of' && words.length === 1 && QUANTITY.has(words[0]?.word ?? '')) continue
    if (BOUNDARY.has(word) || isDeterminer(word)) break
    words.push(tokens[j] as Token)
  }
  return { determiner: tokens[index] as Token, words, next: tokens[j] }
}

/** Each determiner of a text ("a", "the", "said", "each" …) with the words it governs. */
export function nounPhrases(text: string): NounPhrase[] {
  const tokens = tokenize(text)
  return tokens.flatMap((token, i) => {
    if (!isDeterminer(token.word)) return []
    const phrase = phraseAt(tokens, i)
    return phrase.words.length > 0 ? [phrase] : []
  })
}

/** Whether a word after a determiner names a claimed element, rather than "the art" or "the same". */
export const namesElement = (word: string) => !NOT_ELEMENTS.has(word)

/** "said lever" (as written, with its offsets) used before the claims mentioned any lever. */
export type AntecedentGap = { phrase: string; element: string; start: number; end: number }

/** Words before the noun in "the entire surface", "the first lever", "the upper plate". */
const MODIFIERS = new Set([
  'first',
  'second',
  'third',
  'entire',
  'overall',
  'respective',
  'individual',
  'multiple',
  'total',
  'upper',
  'lower',
  'inner',
  'outer',
  'top',
  'bottom',
  'front',
  'rear',
  'left',
  'right',
  'opposite',
  'vertical',
  'horizontal',
])
const isPhraseWord = (word: string | undefined) =>
  word !== undefined && /^[a-z]/.test(word) && !BOUNDARY.has(word) && !isDeterminer(word)
/** "the detected signal", "the spring-loaded pin" name a signal and a pin ("the speed" is a noun). */
const isModifier = (word: string) =>
  MODIFIERS.has(word) ||
  word.includes('-') ||
  (word.length >= 5 && word.endsWith('ed') && !word.endsWith('eed'))

/**
 * Reads a text in order. "the X"/"said X" needs X to have appeared before, here (`known`) or in a
 * claim it depends on (`inherited`), other than as "the X": "a X", "one or more X", "comprising X"
 * all introduce it. X is the noun after any modifiers ("the detected signal" needs a signal).
 * "the X of …" names a part or property of something ("the thickness of the plate") and needs no
 * introduction. Adds to `known` every stem the text mentions, so that each gap is looked up and
 * reported once; answers the gaps.
 */
function readElements(text: string, known: Set<string>, inherited: (stem: string) => boolean) {
  const tokens = tokenize(text)
  const gaps: AntecedentGap[] = []
  // The index of the "the"/"said" governing the current word, while only modifiers came between.
  let definite: number | undefined
  tokens.forEach((token, i) => {
    if (DEFINITE.has(token.word) || !isPhraseWord(token.word)) {
      definite = DEFINITE.has(token.word) ? i : undefined
      return
    }
    const element = stem(token.word)
    const fresh = !known.has(element)
    known.add(element)
    const by = definite
    const modifies = isModifier(token.word) && isPhraseWord(tokens[i + 1]?.word)
    definite = modifies ? by : undefined
    if (by === undefined || modifies || !fresh || !namesElement(token.word)) return
    if (phraseAt(tokens, by).next?.word === 'of' || inherited(element)) return
    const determiner = tokens[by] as Token
    gaps.push({
      phrase: text.slice(determiner.start, token.end),
      element: text.slice(token.start, token.end),
      start: determiner.start,
      end: token.end,
    })
  })
  return gaps
}

/**
 * For each claim, every claim it depends on, through the whole chain (1-based). A claim whose every
 * reference is wrong (to itself, a later or a missing claim) counts as depending on all earlier ones,
 * so that the wrong reference is not reported again as missing antecedents.
 */
function ancestorsOf(claims: string[]) {
  const ancestors: Set<number>[] = []
  claimParents(claims).forEach((valid, index) => {
    const misdirected = valid.length === 0 && claimReferences(claims[index] ?? '', index + 1).length > 0
    const parents = misdirected ? Array.from({ length: index }, (_, i) => i + 1) : valid
    const all = new Set<number>()
    // Latest parent first: a parent already there came with its own ancestors.
    for (const parent of parents.sort((a, b) => b - a)) {
      if (all.has(parent)) continue
      all.add(parent)
      for (const ancestor of ancestors[parent - 1] ?? []) all.add(ancestor)
    }
    ancestors[index] = all
  })
  return ancestors
}

/**
 * For each claim, the elements it refers to as "said X" or "the X" that neither it (before) nor any
 * claim it depends on, through the whole chain of dependencies, introduced ("a X", "comprising X").
 */
export function antecedentGaps(claims: string[]): AntecedentGap[][] {
  const ancestors = ancestorsOf(claims)
  // Claims depend only on earlier claims, so each one's ancestors have been read when it is reached.
  const introduced: Set<string>[] = []
  return claims.map((claim, index) => {
    const from = [...(ancestors[index] ?? [])].flatMap((n) => introduced[n - 1] ?? [])
    const known = new Set<string>()
    introduced[index] = known
    return readElements(claim, known, (element) => from.some((set) => set.has(element)))
  })
}
