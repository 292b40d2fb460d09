import { plural } from '@patentdesk/contract/common'
import { antecedentGaps } from './antecedent'
import { claimReferences, wordCount } from './text'
import { midSentence, quotedList } from './wording'

export type Risk = { kind: string; risk: string; reason: string }

/**
 * Patents Act 1977 s.1(2): these are not inventions "as such". Each pattern is evidence the subject
 * matter may fall in a category; the reason quotes what was found.
 */
const EXCLUDED_MATTER: { category: string; pattern: RegExp }[] = [
  {
    category: 'a computer program as such',
    pattern:
      /\b(computer program|software|app(lication)? running|source code|executable instructions|algorithm implemented)\b/i,
  },
  {
    category: 'a method of doing business',
    pattern:
      /\b(business method|method of doing business|payment|pricing|invoic\w*|customer loyalty|advertis\w*|auction|insurance|trading)\b/i,
  },
  {
    category: 'a mathematical method',
    pattern:
      /\b(mathematical (method|model|formula)|equation|regression|statistical model|optimi[sz]ation of (a )?function)\b/i,
  },
  {
    category: 'the presentation of information',
    pattern:
      /\b(display(ing)? (of )?information|presentation of (data|information)|graphical user interface|dashboard|user interface layout)\b/i,
  },
  {
    category: 'a scheme or method for performing a mental act',
    pattern: /\b(mental (act|process)|mentally|rule of thumb|decision[- ]making scheme|game rules?)\b/i,
  },
]

/** Relative or vague words that make a claim's scope unclear (MoPP 14.126, "about", "substantially"). */
const VAGUE = [
  'about',
  'approximately',
  'substantially',
  'essentially',
  'generally',
  'relatively',
  'suitable',
  'thin',
  'thick',
  'large',
  'small',
  'high',
  'low',
  'strong',
  'weak',
  'optionally',
  'preferably',
  'such as',
  'or the like',
  'and/or',
]

/** "about" is vague only before a quantity ("about 2 mm"); "pivots about an axis" is clear. */
const VAGUE_PATTERN = new RegExp(
  `\\b(?:${[...VAGUE]
    .sort((a, b) => b.length - a.length)
    .map((term) => (term === 'about' ? 'about(?=\\s+\\d)' : term.replaceAll(' ', '\\s+')))
    .join('|')})\\b`,
  'gi',
)

/** Each occurrence of a vague term in a text: the term as listed in VAGUE, and its offsets. */
export function vagueTerms(text: string) {
  return [...text.matchAll(VAGUE_PATTERN)].map((match) => ({
    term: match[0].toLowerCase().replace(/\s+/g, ' '),
    start: match.index,
    end: match.index + match[0].length,
  }))
}

export function excludedMatterRisks(text: string): Risk[] {
  return EXCLUDED_MATTER.flatMap(({ category, pattern }) => {
    const found = pattern.exec(text)?.[0]
    if (!found) return []
    return [
      {
        kind: 'excluded-matter',
        risk: `May be excluded from patentability as ${category} (s.1(2) Patents Act 1977)`,
        reason: `The text mentions "${midSentence(found)}"; protection needs a technical contribution beyond ${category}.`,
      },
    ]
  })
}

export function vagueTermRisks(claims: string[]): Risk[] {
  return claims.flatMap((claim, index) => {
    const present = new Set(vagueTerms(claim).map((found) => found.term))
    const found = VAGUE.filter((term) => present.has(term))
    if (found.length === 0) return []
    return [
      {
        kind: 'vague-terms',
        risk: `Claim ${index + 1} uses relative or vague terms`,
        // One term "leaves", several "leave"; listed the house way ("a, b and c").
        reason: `${quotedList(found)} ${found.length === 1 ? 'leaves' : 'leave'} the scope unclear; state a measurable limit instead.`,
      },
    ]
  })
}

/** Dependent claims ("The device of claim 1, …") inherit the elements of the claims they depend on. */
export function antecedentRisks(claims: string[]): Risk[] {
  return antecedentGaps(claims).flatMap((gaps, index) => {
    const missing = gaps.map((gap) => gap.phrase.toLowerCase().replace(/\s+/g, ' '))
    if (missing.length === 0) return []
    return [
      {
        kind: 'antecedent-basis',
        risk: `Claim ${index + 1} lacks antecedent basis`,
        reason:
          missing.length === 1
            ? `${quotedList(missing)} refers to an element not introduced earlier with "a" or "an".`
            : `${quotedList(missing)} refer to elements not introduced earlier with "a" or "an".`,
      },
    ]
  })
}

export function broadClaimRisks(claims: string[]): Risk[] {
  return claims.flatMap((claim, index) => {
    const independent = claimReferences(claim, index + 1).length === 0
    const length = wordCount(claim)
    if (!independent || length >= 15) return []
    return [
      {
        kind: 'broad-claim',
        risk: `Claim ${index + 1} may be too broad`,
        reason: `An independent claim of ${plural(length, 'word')} is likely to read on existing prior art; add the features that make it new.`,
      },
    ]
  })
}

/** `description` is the description alone: not the abstract, nor claims written in it. */
export function thinDescriptionRisk(description: string, claims: string[]): Risk[] {
  const descriptionWords = wordCount(description)
  const claimWords = claims.reduce((n, c) => n + wordCount(c), 0)
  if (descriptionWords >= 300 && descriptionWords >= claimWords * 3) return []
  // Without claims there are none to support, and "for 0 words of claims" would read as a fault of its own.
  if (claims.length === 0) {
    return [
      {
        kind: 'thin-description',
        risk: 'The description may be too thin to enable the invention',
        reason: `It has ${plural(descriptionWords, 'word')}; the description must enable a skilled person to carry out the invention (s.14(3)).`,
      },
    ]
  }
  return [
    {
      kind: 'thin-description',
      risk: 'The description may be too thin to support the claims',
      reason: `It has ${plural(descriptionWords, 'word')} for ${plural(claimWords, 'word')} of claims; the description must enable a skilled person to carry out the invention (s.14(3)).`,
    },
  ]
}
