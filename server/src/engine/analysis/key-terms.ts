import type { Weighed } from '~/engine/prior-art-index'
import { words } from './text'
import { namesSomething } from './wording'

/**
 * The invention's most distinctive terms as the words it uses, after its repeated two-word phrases of
 * them; each word as `written` has it ("LED", "MPa"), lower case otherwise.
 */
export function keyTermsOf(
  { weights, words: wordOf, terms }: Weighed,
  text: string,
  written: Map<string, string>,
) {
  // Codes and numbers (model numbers, references) are distinctive but name nothing; nor do units,
  // number words and patent boilerplate ("mm", "five", "fig"), which are rare enough to rank high.
  const ranked = [...weights.entries()]
    .filter(([term]) => !/\d/.test(term) && namesSomething(wordOf.get(term) ?? term))
    .sort((a, b) => b[1] - a[1])
    .map(([term]) => term)
  const topTerms = new Set(ranked.slice(0, 12))
  // Two-word phrases made of two top terms, as they stand in the text ("friction clutch"); a phrase and
  // its plural ("poppet valve", "poppet valves") are one, named in the form the text uses most.
  const phrases = new Map<
    string,
    { terms: string[]; uses: number; forms: Map<string, number>; continued: number }
  >()
  const ws = words(text)
  for (let i = 0; i + 1 < ws.length; i++) {
    const pair = [ws[i] as string, ws[i + 1] as string]
    const pairTerms = pair.map((w) => terms.get(w) ?? '')
    if (!pairTerms.every((t) => topTerms.has(t))) continue
    const key = pairTerms.join(' ')
    const phrase = phrases.get(key) ?? { terms: pairTerms, uses: 0, forms: new Map(), continued: 0 }
    const form = pair.join(' ')
    phrase.uses++
    if (topTerms.has(terms.get(ws[i + 2] ?? '') ?? '')) phrase.continued++
    phrase.forms.set(form, (phrase.forms.get(form) ?? 0) + 1)
    phrases.set(key, phrase)
  }
  // A pair that mostly runs on into a third top term is the head of a longer name ("intake poppet" of
  // "intake poppet valve", "target remaining" of "target remaining capacity"), and reads cut off.
  const repeated = [...phrases.values()]
    .filter((p) => p.uses > 1 && p.continued * 2 <= p.uses)
    .sort((a, b) => b.uses - a.uses)
    .slice(0, 3)
  const mostUsed = (forms: Map<string, number>) => [...forms].sort((a, b) => b[1] - a[1])[0]?.[0] ?? ''
  // A term a phrase already names is not named again alone ("tripod head", then not "tripod").
  const inPhrases = new Set(repeated.flatMap((p) => p.terms))
  const asWritten = (phrase: string) =>
    phrase
      .split(' ')
      .map((w) => written.get(w) ?? w)
      .join(' ')
  return [
    ...repeated.map((p) => mostUsed(p.forms)),
    // Drawn from a few more terms, so that those left out for the phrases leave the list as long.
    ...ranked
      .slice(0, 16)
      .filter((term) => !inPhrases.has(term))
      .map((term) => wordOf.get(term) ?? term),
  ]
    .map(asWritten)
    .filter((t, i, all) => all.indexOf(t) === i)
    .slice(0, 10)
}
