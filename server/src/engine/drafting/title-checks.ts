import { words } from '../analysis/text'
import { type Finding, finding, matchesOf, quoted } from './finding'

const TITLE_MAX_WORDS = 15
const TITLE_PUFFERY = /\b(?:new|improved|novel)\b/gi
/** A marked trade mark ("Levello™") or a word of five or more capitals ("LEVELLO") in a title not in capitals. */
const TRADE_MARK = /\b[\p{L}\d-]+\s*[™®]|\b[A-Z][A-Z\d]{4,}\b/gu

/** A title that is long, praises the invention or names it by a trade mark. */
export function titleChecks(title: string): Finding[] {
  const count = words(title).length
  const long =
    count > TITLE_MAX_WORDS
      ? [
          finding({
            code: 'title-length',
            field: 'title',
            message: `The title has ${count} words; keep it short (at most ${TITLE_MAX_WORDS}) and let it name what the invention relates to.`,
          }),
        ]
      : []
  const puffery = matchesOf(title, TITLE_PUFFERY).map((place) =>
    finding({
      code: 'title-puffery',
      field: 'title',
      message: `${quoted(place.excerpt)} in the title says nothing about the invention; the title should simply name what the invention relates to.`,
      place,
    }),
  )
  const marks = (title === title.toUpperCase() ? [] : matchesOf(title, TRADE_MARK)).map((place) =>
    finding({
      code: 'title-trade-mark',
      field: 'title',
      message: `${quoted(place.excerpt)} in the title looks like a trade mark; name the invention in generic words instead.`,
      place,
    }),
  )
  return [...long, ...puffery, ...marks]
}
