import { stem, words } from '../analysis/text'

/** Words that name nothing: left out when texts are compared for the things they name. */
export const STOP_WORDS = new Set(
  'a an the and or of for to in on with by from at as is are be this that these those it its which wherein said each any all into onto than then so not no can may will has have having comprising comprises including includes provided provides relates relating invention present disclosed'.split(
    ' ',
  ),
)

/** Content words of a text as stems; a hyphenated word counts whole and by its parts. */
export function contentStems(text: string) {
  const stems = new Set<string>()
  // Each distinct word once: a description repeats its vocabulary many times over.
  for (const word of new Set(words(text))) {
    for (const part of word.includes('-') ? [word, ...word.split('-')] : [word]) {
      if (part.length > 2 && !STOP_WORDS.has(part)) stems.add(stem(part))
    }
  }
  return stems
}
