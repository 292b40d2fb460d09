import { words } from '../analysis/text'
import { contentStems } from './content-stems'
import { type Finding, finding, isBlank, matchesOf, placeOf, quoted } from './finding'

const ABSTRACT_MAX_WORDS = 150
const MERIT =
  /\b(?:the best|superior|revolutionary|ground-?breaking|unique(?!\s+(?:identifier|id|identification|key|code|address|number|serial|name|token|value)s?\b)|unrivall?ed|unparalleled|unmatched|unbeatable|excellent|outstanding|world['’]s first|breakthrough|(?:cheaper|better|faster) than any|perfect|amazing|incredible|game-?changing)\b/gi

/** An abstract that is long, starts away from the title's subject or states the invention's merit. */
export function abstractChecks(abstract: string, title: string): Finding[] {
  if (isBlank(abstract)) return []
  const count = words(abstract).length
  const long =
    count > ABSTRACT_MAX_WORDS
      ? [
          finding({
            code: 'abstract-length',
            field: 'abstract',
            message: `The abstract has ${count} words; it should be a concise summary of at most ${ABSTRACT_MAX_WORDS} words.`,
          }),
        ]
      : []
  const merit = matchesOf(abstract, MERIT).map((place) =>
    finding({
      code: 'abstract-merit',
      field: 'abstract',
      message: `${quoted(place.excerpt)} in the abstract is a statement of merit; the abstract serves only as technical information, so say what the invention does instead.`,
      place,
    }),
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
    finding({
      code: 'abstract-subject',
      field: 'abstract',
      message: `The first sentence of the abstract shares no word with the title; start the abstract from the title's subject (${quoted(title.trim())}).`,
      place: sentence,
      key: '',
    }),
  ]
}
