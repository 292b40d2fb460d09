import {
  type DraftingCode,
  type DraftingField,
  type DraftingIssue,
  type DraftText,
  draftingCodes,
  draftingFields,
} from '@patentdesk/contract/drafting'
import { antecedentGaps, type NounPhrase, namesElement, nounPhrases, type Token } from '../engine/antecedent'
import { vagueTerms } from '../engine/checks'
import {
  type ClaimRange,
  type ClaimReference,
  claimParents,
  claimReferences,
  stem,
  words,
} from '../engine/text'

type Severity = DraftingIssue['severity']
type Place = { excerpt: string; start: number; end: number }
/** An issue before its id; `key` names the problem in the id when the excerpt would not stay stable. */
type Finding = Omit<DraftingIssue, 'id'> & { key?: string }

const RULES: Record<DraftingCode, { severity: Severity; rule: string | null }> = {
  'claim-numbering': { severity: 'error', rule: null },
  'claim-dependency': { severity: 'error', rule: 'Patents Act 1977 s.14(5)(b)' },
  'antecedent-basis': { severity: 'warning', rule: 'Patents Act 1977 s.14(5)(b)' },
  'vague-term': { severity: 'warning', rule: 'Patents Act 1977 s.14(5)(b)' },
  'reference-to-description': { severity: 'warning', rule: 'Patents Rules 2007 r.12(6A)' },
  unity: { severity: 'hint', rule: 'Patents Act 1977 s.14(5)(d)' },
  // The 2007 Rules set no word limit; 150 words is the customary measure of r.15(2)'s "concise summary".
  'abstract-length': { severity: 'warning', rule: 'Patents Rules 2007 r.15(2)' },
  'abstract-subject': { severity: 'hint', rule: 'Patents Rules 2007 r.15(1)' },
  'abstract-merit': { severity: 'warning', rule: 'Patents Rules 2007 r.15(7)' },
  'description-support': { severity: 'warning', rule: 'Patents Act 1977 s.14(5)(c)' },
  'title-length': { severity: 'hint', rule: 'Patents Rules 2007 r.12(6)' },
}

function finding(
  code: DraftingCode,
  field: DraftingField,
  claim: number | null,
  message: string,
  place: Place | null,
  options: { key?: string; severity?: Severity } = {},
): Finding {
  const { severity, rule } = RULES[code]
  return {
    code,
    severity: options.severity ?? severity,
    field,
    claim,
    message,
    excerpt: place?.excerpt ?? null,
    start: place?.start ?? null,
    end: place?.end ?? null,
    rule,
    key: options.key,
  }
}

const placeOf = (text: string, start: number, end: number): Place => ({
  excerpt: text.slice(start, end),
  start,
  end,
})

/** The places of every match of a global pattern. */
const matchesOf = (text: string, pattern: RegExp) =>
  [...text.matchAll(pattern)].map((m) => placeOf(text, m.index, m.index + m[0].length))

const isBlank = (text: string) => text.trim() === ''
/** "a lever", "an arm", "a unit": by the first letter, which is enough for the nouns of claims. */
const withArticle = (phrase: string) =>
  `${/^(?!uni|us[aeiou]|eu|one)[aeiou]/i.test(phrase) ? 'an' : 'a'} ${phrase}`
const quoted = (text: string) => `"${text.replace(/\s+/g, ' ')}"`

const TITLE_MAX_WORDS = 15
const TITLE_PUFFERY = /\b(?:new|improved|novel)\b/gi
/** A marked trade mark ("Levello™") or a word of five or more capitals ("LEVELLO") in a title not in capitals. */
const TRADE_MARK = /\b[\p{L}\d-]+\s*[™®]|\b[A-Z][A-Z\d]{4,}\b/gu

function titleChecks(title: string): Finding[] {
  const count = words(title).length
  const long =
    count > TITLE_MAX_WORDS
      ? [
          finding(
            'title-length',
            'title',
            null,
            `The title has ${count} words; keep it short (at most ${TITLE_MAX_WORDS}) and let it name what the invention relates to.`,
            null,
          ),
        ]
      : []
  const puffery = matchesOf(title, TITLE_PUFFERY).map((place) =>
    finding(
      'title-length',
      'title',
      null,
      `${quoted(place.excerpt)} in the title says nothing about the invention; the title should simply name what the invention relates to.`,
      place,
    ),
  )
  const marks = (title === title.toUpperCase() ? [] : matchesOf(title, TRADE_MARK)).map((place) =>
    finding(
      'title-length',
      'title',
      null,
      `${quoted(place.excerpt)} in the title looks like a trade mark; name the invention in generic words instead.`,
      place,
    ),
  )
  return [...long, ...puffery, ...marks]
}

const ABSTRACT_MAX_WORDS = 150
const MERIT =
  /\b(?:the best|superior|revolutionary|ground-?breaking|unique(?!\s+(?:identifier|id|identification|key|code|address|number|serial|name|token|value)s?\b)|unrivall?ed|unparalleled|unmatched|unbeatable|excellent|outstanding|world['’]s first|breakthrough|(?:cheaper|better|faster) than any|perfect|amazing|incredible|game-?changing)\b/gi
/** Words that name nothing: left out when texts are compared for the things they name. */
const STOP_WORDS = new Set(
  'a an the and or of for to in on with by from at as is are be this that these those it its which wherein said each any all into onto than then so not no can may will has have having comprising comprises including includes provided provides relates relating invention present disclosed'.split(
    ' ',
  ),
)

/** Content words of a text as stems; a hyphenated word counts whole and by its parts. */
function contentStems(text: string) {
  const stems = new Set<string>()
  // Each distinct word once: a description repeats its vocabulary many times over.
  for (const word of new Set(words(text))) {
    for (const part of word.includes('-') ? [word, ...word.split('-')] : [word]) {
      if (part.length > 2 && !STOP_WORDS.has(part)) stems.add(stem(part))
    }
  }
  return stems
}

function abstractChecks(abstract: string, title: string): Finding[] {
  if (isBlank(abstract)) return []
  const count = words(abstract).length
  const long =
    count > ABSTRACT_MAX_WORDS
      ? [
          finding(
            'abstract-length',
            'abstract',
            null,
            `The abstract has ${count} words; it should be a concise summary of at most ${ABSTRACT_MAX_WORDS} words.`,
            null,
          ),
        ]
      : []
  const merit = matchesOf(abstract, MERIT).map((place) =>
    finding(
      'abstract-merit',
      'abstract',
      null,
      `${quoted(place.excerpt)} in the abstract is a statement of merit; the abstract serves only as technical information, so say what the invention does instead.`,
      place,
    ),
  )
  return [...long, ...abstractSubject(abstract, title), ...merit]
}

/** The first sentence, once written (up to its full stop), should start from the title's subject. */
function abstractSubject(abstract: string, title: string): Finding[] {
  const start = abstract.search(/\S/)
  const stop = abstract.slice(start).search(/[.!?](?=\s|$)/)
  const titleStems = contentStems(title)
  if (stop < 0 || titleStems.size === 0) return []
  const sentence = placeOf(abstract, start, start + stop + 1)
  if ([...contentStems(sentence.excerpt)].some((s) => titleStems.has(s))) return []
  return [
    finding(
      'abstract-subject',
      'abstract',
      null,
      `The first sentence of the abstract shares no word with the title; start the abstract from the title's subject (${quoted(title.trim())}).`,
      sentence,
      { key: '' },
    ),
  ]
}

/** A number typed at the start of a claim: "3. A device", "3) A device", "Claim 3: A device". */
const LEADING_NUMBER = /^\s*(?:claim\s+)?(\d{1,4})\s*[.):](?!\d)/i

const REFERENCE_TARGET = String.raw`(?:fig(?:ure)?s?\.?\s*\d+[a-z]?|(?:the\s+)?(?:accompanying\s+)?drawings?|(?:the\s+)?(?:description|specification|examples?(?:\s+\d+)?))`
/** Wording that makes a claim rely on the description or drawings; reference signs such as "(12)" are fine. */
const REFERENCE_TO_DESCRIPTION = new RegExp(
  String.raw`\b(?:(?:substantially\s+)?as\s+(?:herein(?:before|after|above)?\s+)?(?:described|shown|illustrated|depicted)(?:\s+(?:in|with\s+reference\s+to|by)\s+${REFERENCE_TARGET})?|(?:with\s+)?reference\s+to\s+${REFERENCE_TARGET}|(?:see\s+)?fig(?:ure)?s?\.?\s*\d+[a-z]?|the\s+(?:accompanying\s+)?drawings\b|the\s+(?:description|specification)\b)`,
  'gi',
)

type Category = 'product' | 'method' | 'use'
/** Words that end a claim's preamble ("A method of …", "The device according to …"). */
const PREAMBLE_END =
  /^(?:for|of|comprising|comprises|including|includes|according|as|in|wherein|which|that|having|to|by|with|characterised|characterized|consisting)$/

/** The claim's category, from its preamble: "Use of …", "A … method/process …", otherwise a product. */
function categoryOf(claim: string): Category {
  const body = claim.slice(LEADING_NUMBER.exec(claim)?.[0].length ?? 0, 300)
  const preamble = words(body.split(/[,;:.(]/)[0] ?? '')
  const end = preamble.findIndex((word) => PREAMBLE_END.test(word))
  const head = end < 0 ? preamble : preamble.slice(0, end)
  if (head[0] === 'use' || (/^(?:a|an|the)$/.test(head[0] ?? '') && head[1] === 'use')) return 'use'
  return /^(?:method|process)$/.test(head.at(-1) ?? '') ? 'method' : 'product'
}

type Claim = { text: string; number: number; references: ClaimReference[] }

/** "claim 4" or "claims 4 to 6". */
const describeRange = ({ from, to }: ClaimRange) =>
  from === to ? `claim ${from}` : `claims ${from} to ${to}`

/** What is wrong with a reference in claim `number` of `count`, in words, or null when it is valid. */
function referenceProblem(ranges: ClaimRange[], number: number, count: number) {
  const parts = ranges.flatMap(({ from, to }) => {
    const clip = (low: number, high: number) => ({ from: Math.max(from, low), to: Math.min(to, high) })
    const missing = [clip(-Infinity, 0), clip(count + 1, Infinity)].filter((r) => r.from <= r.to)
    const later = clip(number + 1, count)
    return [
      ...(from <= number && number <= to ? ['to itself'] : []),
      ...(later.from <= later.to ? [`to later ${describeRange(later)}`] : []),
      ...missing.map((r) => `to ${describeRange(r)}, which ${r.from === r.to ? 'does' : 'do'} not exist`),
    ]
  })
  if (parts.length === 0) return null
  return parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`
}

/** A number typed at the start of the claim: a hint when it is the claim's own, an error otherwise. */
function typedNumber(text: string, number: number): Finding[] {
  const leading = LEADING_NUMBER.exec(text)
  if (!leading) return []
  const typed = leading[1]
  const place = placeOf(text, leading[0].length - leading[0].trimStart().length, leading[0].length)
  return [
    Number(typed) === number
      ? finding(
          'claim-numbering',
          'claims',
          number,
          `Claim ${number} starts with its own number; claims are numbered automatically, so remove it to avoid numbering the claim twice.`,
          place,
          { severity: 'hint' },
        )
      : finding(
          'claim-numbering',
          'claims',
          number,
          `Claim ${number} starts with the number ${typed}, but claims are numbered by their position, so this is claim ${number}. Remove the number, or move the text to claim ${typed}.`,
          place,
        ),
  ]
}

function numberingChecks(claims: Claim[]): Finding[] {
  const lastWritten = claims.findLastIndex((claim) => !isBlank(claim.text))
  return claims.flatMap(({ text, number, references }, index) => {
    if (isBlank(text)) {
      if (index > lastWritten) return []
      return [
        finding(
          'claim-numbering',
          'claims',
          number,
          `Claim ${number} is empty. Write it or delete it; if you delete it, the claims after it move up by one, so check the references to them.`,
          null,
        ),
      ]
    }
    const typed = typedNumber(text, number)
    // The first claim has no earlier claim to refer to: any reference makes it dependent.
    const dependentFirst =
      number === 1
        ? references.map((reference) => {
            const place = placeOf(text, reference.start, reference.end)
            return finding(
              'claim-numbering',
              'claims',
              number,
              `${quoted(place.excerpt)} in claim 1: the first claim must be an independent claim, so it cannot refer to another claim. State its features in full.`,
              place,
            )
          })
        : []
    return [...typed, ...dependentFirst]
  })
}

function dependencyChecks(claims: Claim[]): Finding[] {
  return claims.flatMap(({ text, number, references }) =>
    // Claim 1's references are reported once, as a numbering error.
    number === 1
      ? []
      : references.flatMap((reference) => {
          const problem = referenceProblem(reference.ranges, number, claims.length)
          if (!problem) return []
          const place = placeOf(text, reference.start, reference.end)
          return [
            finding(
              'claim-dependency',
              'claims',
              number,
              `${quoted(place.excerpt)} in claim ${number} refers ${problem}; a claim may refer only to claims before it.`,
              place,
            ),
          ]
        }),
  )
}

/** How to introduce an element: "a lever", or for several "levers" (or "a plurality of levers"). */
const introduction = (element: string) =>
  element.endsWith('s') && stem(element) !== element
    ? `"${element}" (or "a plurality of ${element}")`
    : `"${withArticle(element)}"`

/** An element's name in lower case, unless it is an abbreviation ("FIFO"). */
const asNamed = (element: string) => (element === element.toUpperCase() ? element : element.toLowerCase())

function antecedentChecks(claims: Claim[]): Finding[] {
  return antecedentGaps(claims.map((claim) => claim.text)).flatMap((gaps, index) =>
    gaps.map((gap) =>
      finding(
        'antecedent-basis',
        'claims',
        index + 1,
        `${quoted(gap.phrase)} in claim ${index + 1} has no antecedent: introduce it first as ${introduction(asNamed(gap.element))}.`,
        placeOf(claims[index]?.text ?? '', gap.start, gap.end),
      ),
    ),
  )
}

function wordingChecks({ text, number }: Claim): Finding[] {
  const relied = matchesOf(text, REFERENCE_TO_DESCRIPTION)
  // "substantially as hereinbefore described" is one problem, reported as the reference it is.
  const inReference = (start: number) => relied.some((place) => place.start <= start && start < place.end)
  const vague = vagueTerms(text)
    .filter(({ start }) => !inReference(start))
    .map(({ start, end }) => {
      const place = placeOf(text, start, end)
      return finding(
        'vague-term',
        'claims',
        number,
        `${quoted(place.excerpt)} in claim ${number} is a relative or vague term that leaves the scope of the claim unclear; state a measurable limit or a definite feature instead.`,
        place,
      )
    })
  const references = relied.map((place) =>
    finding(
      'reference-to-description',
      'claims',
      number,
      `${quoted(place.excerpt)} in claim ${number} relies on the description or drawings; state the feature in the claim itself (reference signs in brackets, such as "(12)", are fine).`,
      place,
    ),
  )
  return [...vague, ...references]
}

/**
 * Independent claims of more than one category. A claim that refers to a claim of another category
 * ("Use of the composition of claim 1") is an independent claim of its own category.
 */
function unityCheck(claims: Claim[]): Finding[] {
  const parents = claimParents(claims.map((claim) => claim.text))
  const categories = claims.map((claim) => (isBlank(claim.text) ? null : categoryOf(claim.text)))
  const firstOfCategory = new Map<Category, number>()
  claims.forEach(({ number, references }, index) => {
    const category = categories[index]
    const parent = parents[index]?.[0]
    const independent =
      references.length === 0 || (parent !== undefined && categories[parent - 1] !== category)
    if (category && independent && !firstOfCategory.has(category)) firstOfCategory.set(category, number)
  })
  const heads = [...firstOfCategory].map(([category, number]) => `${number} (${category})`)
  const second = [...firstOfCategory.values()][1]
  if (second === undefined) return []
  const listed = `${heads.slice(0, -1).join(', ')} and ${heads.at(-1)}`
  return [
    finding(
      'unity',
      'claims',
      second,
      `Claims ${listed} are independent claims of different categories; make sure they share a single inventive concept.`,
      null,
    ),
  ]
}

/** Words that name no element of their own ("a first lever", "in a detachable manner"). */
const NOT_SUPPORT_WORDS = new Set([
  'fourth',
  'fifth',
  'further',
  'additional',
  'single',
  'respective',
  'means',
  'manner',
  'way',
])
const PREPOSITIONS = new Set(
  'about above across against along around round below beneath between beyond into onto over through toward towards under upon via within without so such than then thereby therein thereof'.split(
    ' ',
  ),
)
/** Irregular past participles, which the "-ed" rule misses ("a pendulum hung from the plate" is a pendulum). */
const PARTICIPLES = new Set([
  'hung',
  'bound',
  'wound',
  'spun',
  'sewn',
  'woven',
  'laid',
  'fed',
  'kept',
  'sunk',
  'made',
  'held',
  'built',
  'bent',
  'worn',
  'shown',
  'given',
  'known',
  'driven',
  'drawn',
])
const LY_NOUNS = /(?:assembly|supply|family|anomaly|jelly|belly)$/

/**
 * The element an "a"/"an" phrase names: the phrase without the words that say what the element does
 * or how it compares ("a pendulum hanging below" is a pendulum, "an angle less than" an angle). An
 * "-ing" or "-able" word goes only when a word follows it, so that "a coil spring," stays whole.
 */
function elementOf({ words: phrase, next }: NounPhrase): Token[] {
  const kept = [...phrase]
  while (kept.length > 1) {
    const word = (kept.at(-1) as Token).word
    const after = kept.length < phrase.length ? phrase[kept.length] : next
    const followed = after !== undefined && /^[a-z]/.test(after.word) && !/^(?:and|or)$/.test(after.word)
    const describes =
      after?.word === 'than' ||
      PREPOSITIONS.has(word) ||
      PARTICIPLES.has(word) ||
      (word.endsWith('ly') && !LY_NOUNS.test(word)) ||
      /^.{3,}[^e]ed$/.test(word) ||
      (followed && /(?:ing|able|ible)$/.test(word))
    if (!describes) break
    kept.pop()
  }
  return kept
}

const isSupportWord = (word: string) =>
  word.length > 2 && namesElement(word) && !NOT_SUPPORT_WORDS.has(word) && !STOP_WORDS.has(word)

/**
 * Elements the claims introduce ("a damping member") whose head word ("member") the description never
 * uses, in any form. Each is reported once, on the claim that introduces it first: the applicant sees
 * the term there, and can either describe it or use the description's own term.
 */
function descriptionSupport(claims: Claim[], description: string): Finding[] {
  if (isBlank(description)) return []
  const described = contentStems(description)
  const isDescribed = (word: string) =>
    described.has(stem(word)) ||
    (word.includes('-') && word.split('-').every((part) => described.has(stem(part))))
  const checked = new Set<string>()
  return claims.flatMap(({ text, number }) =>
    nounPhrases(text).flatMap((phrase) => {
      if (phrase.determiner.word !== 'a' && phrase.determiner.word !== 'an') return []
      const element = elementOf(phrase)
      const head = element.findLast((token) => isSupportWord(token.word))
      if (!head) return []
      const key = stem(head.word)
      if (checked.has(key)) return []
      checked.add(key)
      if (isDescribed(head.word)) return []
      const place = placeOf(text, (element[0] as Token).start, (element.at(-1) as Token).end)
      return [
        finding(
          'description-support',
          'claims',
          number,
          `${quoted(place.excerpt)} in claim ${number} is not mentioned in the description; describe it there, or use the description's own term in the claim.`,
          place,
          { key },
        ),
      ]
    }),
  )
}

function claimChecks(claims: Claim[]): Finding[] {
  if (claims.every((claim) => isBlank(claim.text))) return []
  return [
    ...numberingChecks(claims),
    ...dependencyChecks(claims),
    ...antecedentChecks(claims),
    ...claims.flatMap(wordingChecks),
    ...unityCheck(claims),
  ]
}

const rank = <T>(list: readonly T[], value: T) => list.indexOf(value)

/** Ids from the problem and the words concerned, numbered when the same words recur in one place. */
function withIds(findings: Finding[]): DraftingIssue[] {
  const seen = new Map<string, number>()
  return findings.map(({ key, ...issue }) => {
    const base = `${issue.code}:${issue.field}:${issue.claim ?? ''}:${key ?? issue.excerpt?.toLowerCase() ?? ''}`
    const occurrence = seen.get(base) ?? 0
    seen.set(base, occurrence + 1)
    return { id: `${base}:${occurrence}`, ...issue }
  })
}

/**
 * The problems of a draft as it is being written, each linked to its place, in reading order: title,
 * abstract, description, claims; within the claims by claim, then by position. Empty fields raise none.
 */
export function draftingChecks(text: DraftText): DraftingIssue[] {
  const claims = text.claims.map((claim, index) => ({
    text: claim,
    number: index + 1,
    references: claimReferences(claim, index + 1),
  }))
  const findings = [
    ...titleChecks(text.title),
    ...abstractChecks(text.abstract, text.title),
    ...claimChecks(claims),
    ...descriptionSupport(claims, text.description),
  ].sort(
    (a, b) =>
      rank(draftingFields, a.field) - rank(draftingFields, b.field) ||
      (a.claim ?? 0) - (b.claim ?? 0) ||
      (a.start ?? -1) - (b.start ?? -1) ||
      rank(draftingCodes, a.code) - rank(draftingCodes, b.code),
  )
  return withIds(findings)
}
