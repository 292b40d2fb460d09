import { formatLongDate } from '@patentdesk/contract/common'

export const googlePatentsUrl = (reference: string) =>
  `https://patents.google.com/patent/${encodeURIComponent(reference)}`

/** A search, not a page: Espacenet finds provisional, PCT and foreign numbers that have no page of their own. */
export const espacenetSearchUrl = (reference: string) =>
  `https://worldwide.espacenet.com/patent/search?q=${encodeURIComponent(reference)}`

/** The first `max` characters, with an ellipsis when something was cut. */
export function cutText(text: string, max: number) {
  return text.length > max ? `${text.slice(0, max).trimEnd()}...` : text
}

/** A YYYY-MM-DD date as '19 July 2016'; 'N/A' when missing (docs/product.md, Patent details). */
export const formatPatentDate = (iso: string | null) => (iso ? formatLongDate(iso) : 'N/A')

/** Applicants or inventors as one line; 'Not specified' when there are none
 * (docs/product.md, Patent details). */
export const formatNames = (names: string[]) => (names.length > 0 ? names.join(', ') : 'Not specified')

export type MarkedPart = { text: string; marked: boolean }

/**
 * Splits a search snippet on its <mark>…</mark> tags. Every part stays text (React escapes it), so
 * whatever else the snippet holds is shown, never interpreted as markup.
 */
export function splitMarks(snippet: string): MarkedPart[] {
  return snippet
    .split(/(<mark>[\s\S]*?<\/mark>)/)
    .filter(Boolean)
    .map((part) =>
      part.startsWith('<mark>') && part.endsWith('</mark>')
        ? { text: part.slice(6, -7), marked: true }
        : { text: part, marked: false },
    )
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** Marks every whole-word occurrence of `terms` in `text`, ignoring case. */
export function highlightTerms(text: string, terms: string[]): MarkedPart[] {
  const words = [...new Set(terms.map((term) => term.trim()).filter(Boolean))]
  if (words.length === 0) return [{ text, marked: false }]
  const pattern = new RegExp(
    `(?<![\\p{L}\\p{N}])(${words.map(escapeRegExp).join('|')})(?![\\p{L}\\p{N}])`,
    'iu',
  )
  return text
    .split(pattern)
    .map((part, index) => ({ text: part, marked: index % 2 === 1 }))
    .filter((part) => part.text !== '')
}

/**
 * The languages patents are published in (the PCT's ten, the EPO's states', the other large offices'), named
 * as Intl.DisplayNames names them (patent-format.test.tsx holds them to it) but without starting Intl, whose
 * first use holds a first visit's main thread (contract/src/format.ts); any other code asks Intl.
 */
export const publicationLanguages: Readonly<Record<string, string>> = {
  ar: 'Arabic',
  bg: 'Bulgarian',
  cs: 'Czech',
  da: 'Danish',
  de: 'German',
  el: 'Greek',
  en: 'English',
  es: 'Spanish',
  et: 'Estonian',
  fi: 'Finnish',
  fr: 'French',
  he: 'Hebrew',
  hr: 'Croatian',
  hu: 'Hungarian',
  id: 'Indonesian',
  it: 'Italian',
  ja: 'Japanese',
  ko: 'Korean',
  lt: 'Lithuanian',
  lv: 'Latvian',
  ms: 'Malay',
  nl: 'Dutch',
  no: 'Norwegian',
  pl: 'Polish',
  pt: 'Portuguese',
  ro: 'Romanian',
  ru: 'Russian',
  sk: 'Slovak',
  sl: 'Slovenian',
  sr: 'Serbian',
  sv: 'Swedish',
  th: 'Thai',
  tr: 'Turkish',
  uk: 'Ukrainian',
  vi: 'Vietnamese',
  zh: 'Chinese',
}

let languages: Intl.DisplayNames | undefined

/** 'de' as 'German'; a code the browser does not know as itself. */
export function languageName(code: string) {
  const known = publicationLanguages[code.toLowerCase()]
  if (known) return known
  try {
    languages ??= new Intl.DisplayNames(['en'], { type: 'language' })
    return languages.of(code) ?? code
  } catch {
    return code
  }
}
