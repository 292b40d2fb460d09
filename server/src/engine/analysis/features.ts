import type { Feature } from '@patentdesk/contract/analysis'
import { claimParents, wordCount, words } from './text'
import { claimElements, sentences, withoutClosingJoiners, withoutJoiners } from './units'

/** At most this many features: the first claim's elements first, then the other claims'. */
const MAX_FEATURES = 16
/** A description gives at most this many features: its weightiest technical elements. */
const MAX_DESCRIPTION_FEATURES = 8
/** A description's element is at most this many words; a longer clause is cut into parts at commas. */
const ELEMENT_WORDS = 20

/** The weight the corpus gives each word's term in the text (TF-IDF), 0 when it has none. */
type WordWeight = (word: string) => number

const letters = 'abcdefghijklmnopqrstuvwxyz'
/** "1a", "1b", …, or "1" for a claim of one element; past "z", "1.27". */
const elementId = (claim: number, index: number, count: number) =>
  count === 1 ? String(claim) : `${claim}${letters[index] ?? `.${index + 1}`}`

/** A dependent claim's reference to the claim it depends on: "The device of claim 1", "as in any preceding claim". */
const REFERS_TO_CLAIM = /\bclaims?\s+\d|\b(?:preceding|previous|foregoing)\s+claims?\b/i

/**
 * Features of claims: every element of each claim, numbered by claim and letter, a dependent claim
 * without the words that refer to its parent ("The device of claim 1, wherein the clutch…" is "the
 * clutch…").
 */
export function claimFeatures(claims: string[]): Feature[] {
  const parents = claimParents(claims)
  return claims
    .flatMap((claim, index) => {
      const elements = claimElements(claim).filter(
        (element) => (parents[index] ?? []).length === 0 || !REFERS_TO_CLAIM.test(element),
      )
      return elements.map((text, i) => ({ id: elementId(index + 1, i, elements.length), text }))
    })
    .slice(0, MAX_FEATURES)
}

/**
 * A sentence that tells the problem or the background rather than what the invention is: "Normally the
 * motor spins at a steady speed", "The trouble is…", "Existing holders…".
 */
const BACKGROUND =
  /\b(?:normally|usually|typically|traditionally|conventionally|currently|nowadays|at present|existing|conventional|prior art|the (?:trouble|problem|issue|difficulty|drawback)s?|(?:invention|disclosure|application) (?:relates|refers|is directed)|every time|(?:we|you|they|users?|people|one) (?:have to|had to|has to|want|wants|need|needs|must|cannot|can't))\b/i
/**
 * The writer's own context: "I ride a bike a lot", "We back up a lot of servers", "Our company is moving…";
 * a sentence of "I" is context unless it says what the writer made or proposes.
 */
const CONTEXT =
  /^(?:i (?!(?:\w+ )?(?:propose|suggest|invented|built|designed|made|developed|created)\b)|we (?:\w+ )?(?:work|are|sell|run|have|back up|need|deal|spend|often|always)|our (?:company|team|firm|lab|business|group) )\b/i
/**
 * A sentence or clause that tells an effect rather than an element: "This stops shaky pictures…",
 * "That saves battery power…", "so it finishes faster".
 */
const EFFECT =
  /^(?:this|that|these|which|doing so|as a result|the result|so)\b\s*(?:\w+\s+){0,2}?(?:stops?|prevents?|saves?|means?|lets?|allows?|makes?|gives?|avoids?|helps?|reduces?|cuts?|improves?|increases?|ensures?|enables?|keeps?|runs?|finishes|takes?)\b/i
/** Where one element of a sentence (its spaces collapsed, as `sentences` gives it) ends and the next begins. */
const CLAUSE_BOUNDARY = / ?[;:] |, (?=(?:and|then|while|whereby|so|but)\b)| (?=so that\b)/gi
/** "My idea is to", "The invention is": how an inventor introduces the invention, not part of it. */
const LEAD_IN =
  /^(?:my|our|the) (?:idea|invention|approach|trick|solution|proposal|suggestion) (?:is|was|would be)(?: to)? /i
/** A "so that" clause's effect, up to its first comma: "so that it settles within a second, " (what follows stays). */
const EFFECT_CLAUSE = /^so(?: that)?\b[^,]*(?:, |$)/i

/** A part of a clause cut at a comma holds this many words at least ("In the head of the invention," stays on). */
const MIN_PART_WORDS = 8

/**
 * A clause in parts of at most `maxWords` words (as a reader counts them) where it can, cut after commas:
 * each piece's words counted once, so a clause of many short pieces costs time in proportion to its length.
 */
function commaParts(clause: string, maxWords: number): string[] {
  const out: string[] = []
  let current: string[] = []
  let count = 0
  for (const piece of clause.split(', ')) {
    const n = wordCount(piece)
    if (count >= MIN_PART_WORDS && count + n > maxWords) {
      out.push(current.join(', '))
      current = []
      count = 0
    }
    current.push(piece)
    count += n
  }
  if (current.length > 0) out.push(current.join(', '))
  return out
}

/**
 * Features of a description without claims: its technical elements, each a clause in the user's words.
 * Sentences of background and effect are left out; the others are cut at semicolons, colons and the
 * clauses "and"/"then"/"so that" start, long clauses at commas; the weightiest (by their terms' weight
 * per word, so long clauses do not win by length) are kept in the order the text gives them.
 */
export function descriptionFeatures(text: string, weightOf: WordWeight): Feature[] {
  const all = [...new Set(sentences(text))]
  const technical = all.filter((sentence) => ![BACKGROUND, CONTEXT, EFFECT].some((p) => p.test(sentence)))
  // A text that is all background or effect still has features: its sentences, cut the same way.
  const clauses = (technical.length > 0 ? technical : all)
    .flatMap((sentence) => sentence.split(CLAUSE_BOUNDARY))
    .map((clause) =>
      withoutClosingJoiners(withoutJoiners(clause).replace(EFFECT_CLAUSE, '').replace(LEAD_IN, '')),
    )
    .filter((clause) => !EFFECT.test(clause))
    .flatMap((clause) => commaParts(clause, ELEMENT_WORDS))
  const ranked = [...new Set(clauses)]
    .map((clause, index) => {
      const ws = words(clause)
      const distinctive = new Set(ws.filter((w) => weightOf(w) >= 1)).size
      const score = ws.reduce((sum, w) => sum + weightOf(w), 0) / Math.sqrt(Math.max(ws.length, 1))
      return { clause, index, score, keep: ws.length >= 4 && distinctive >= 2 }
    })
    .filter((c) => c.keep)
    .sort((a, b) => b.score - a.score)
    .slice(0, MAX_DESCRIPTION_FEATURES)
    .sort((a, b) => a.index - b.index)
  return ranked.map(({ clause }, i) => ({ id: `F${i + 1}`, text: clause }))
}
