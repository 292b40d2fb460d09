const INDEFINITE = new Set(['a', 'an', 'one', 'each', 'every', 'plurality', 'least'])
const DEFINITE = new Set(['said', 'the'])
/** Words after 'the' that do not name a claimed element ("the same", "the art"). */
const NOT_ELEMENTS = new Set([
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

const stem = (word: string) => word.replace(/(es|s)$/, '')
const tokenize = (text: string) => text.toLowerCase().match(/[a-z][a-z0-9-]*|[;,.:]/g) ?? []

/** The words a determiner governs, up to three, stopping at a connector or another determiner. */
function phraseAfter(tokens: string[], index: number) {
  const phrase: string[] = []
  for (let j = index + 1; j < tokens.length && phrase.length < 3; j++) {
    const token = tokens[j] as string
    if (BOUNDARY.has(token) || INDEFINITE.has(token) || DEFINITE.has(token)) break
    phrase.push(token)
  }
  return phrase
}

/**
 * Elements referred to as "said X" or "the X" before any "a X"/"an X" introduced them, in a claim
 * and the claims it depends on (given as `earlierText`). Answers the offending phrases ("said lever").
 */
export function missingAntecedents(claimText: string, earlierText = '') {
  const introduced = new Set<string>()
  const missing: string[] = []
  const scan = (text: string, report: boolean) => {
    const tokens = tokenize(text)
    tokens.forEach((token, i) => {
      const phrase = phraseAfter(tokens, i)
      const head = phrase[0]
      if (!head) return
      if (INDEFINITE.has(token)) {
        for (const word of phrase) introduced.add(stem(word))
        return
      }
      if (!DEFINITE.has(token) || NOT_ELEMENTS.has(head) || introduced.has(stem(head))) return
      if (report) missing.push(`${token} ${head}`)
      introduced.add(stem(head))
    })
  }
  scan(earlierText, false)
  scan(claimText, true)
  return [...new Set(missing)]
}
