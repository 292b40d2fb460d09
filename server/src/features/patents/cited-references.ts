import { compactReference } from '@patentdesk/contract/patent-references'
import type { PatentRecord } from './patent-record'
import { attr, documentId, find, kids, tagOf, text, type XmlNode } from './xml-tree'

type Citation = NonNullable<PatentRecord['citationDetails']>[number]

/** A reference as printed in an EP patent's citations: country, kind, then the number, `US-A1- 2007 204 872`. */
const PRINTED = /^([A-Z]{2})\s*-\s*([A-Z]\d?)\s*-\s*([0-9A-Z][0-9A-Z /.,]*)$/
/** A US pre-grant publication numbered with its year and six digits: the USPTO writes seven (2007/0204872). */
const US_PUBLICATION = /^US((?:19|20)\d{2})(\d{6})(A\d?)$/

/**
 * A cited patent's reference in the corpus's form, however the office printed it (`US-A1- 2007 204 872`,
 * `WO-A1-2014/114885`, `US2007204872A1` → `US20070204872A1`, `WO2014114885A1`), so that "cited by" finds
 * the record by its key; undefined when the text is no patent reference.
 */
export function citedReference(printed: string): string | undefined {
  const text = printed.trim().toUpperCase()
  const parts = PRINTED.exec(text)
  const compact = parts
    ? `${parts[1]}${(parts[3] as string).replace(/[ /.,]/g, '')}${parts[2]}`
    : compactReference(text).replace(/[/.]/g, '')
  if (!/^[A-Z]{2}[0-9A-Z]+$/.test(compact) || !/\d/.test(compact) || compact.length > 30) return undefined
  return compact.replace(US_PUBLICATION, (_, year, serial, kind) => `US${year}0${serial}${kind}`)
}

/** A citation with no category, claims or passage: how B560 and the applicant's list print one. */
export function describeCitation(printed: string, isPatent: boolean, phase: string): Citation {
  const reference = isPatent ? (citedReference(printed) ?? null) : null
  return { reference, text: reference ?? printed.trim(), category: null, claims: null, passage: null, phase }
}

/**
 * A `citation` of a search report (EP's `srep-citations`, DOCDB's `references-cited`): a patent
 * (`patcit`: its document-id, else `dnum`) or other literature (`nplcit`, as printed), the passages, and
 * each category with the claims it was given for (`X: 1-4, 7-9; Y: 5, 6` when they differ).
 */
export function readCitation(node: XmlNode, phase: string | null): Citation {
  const patcit = find(kids(node), 'patcit')
  const nplcit = find(kids(node), 'nplcit')
  const id = documentId(patcit)
  const printed =
    id.country && id.number ? `${id.country}${id.number}${id.kind}` : (attr(patcit, 'dnum') ?? '')
  const reference = patcit ? (citedReference(printed) ?? null) : null
  const categories: string[] = []
  const claims: { category: string; claims: string }[] = []
  const passages: string[] = []
  for (const part of [...kids(node), ...kids(find(kids(node), 'rel-passage'))]) {
    const tag = tagOf(part)
    if (tag === 'category') categories.push(text(part))
    if (tag === 'rel-claims') claims.push({ category: categories.at(-1) ?? '', claims: text(part) })
    if (tag === 'passage') passages.push(text(part))
  }
  const letters = [...new Set(categories.join('').replace(/[^A-Z&]/g, ''))].join('')
  const together = new Set(claims.map((c) => c.category)).size > 1
  return {
    reference,
    text: reference ?? (text(find(kids(nplcit), 'text') ?? nplcit) || printed),
    category: letters || null,
    claims: claims.map((c) => (together ? `${c.category}: ${c.claims}` : c.claims)).join('; ') || null,
    passage: passages.filter(Boolean).join('; ') || null,
    phase,
  }
}
