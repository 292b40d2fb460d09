import type { DraftingCode, DraftingField, DraftingIssue } from '@patentdesk/contract/drafting'

type Severity = DraftingIssue['severity']
/** The words concerned and their offsets in the field's text (the claim's text for claims). */
export type Place = { excerpt: string; start: number; end: number }
/** An issue before its id; `key` names the problem in the id when the excerpt would not stay stable. */
export type Finding = Omit<DraftingIssue, 'id'> & { key?: string }

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
  // r.12(6): the title is short and indicates the matter to which the invention relates.
  'title-length': { severity: 'hint', rule: 'Patents Rules 2007 r.12(6)' },
  'title-puffery': { severity: 'hint', rule: 'Patents Rules 2007 r.12(6)' },
  'title-trade-mark': { severity: 'hint', rule: 'Patents Rules 2007 r.12(6)' },
}

/** A problem found: its severity and rule come from its code unless `severity` says otherwise. */
export function finding({
  code,
  field,
  message,
  claim = null,
  place = null,
  severity,
  key,
}: {
  code: DraftingCode
  field: DraftingField
  message: string
  /** The claim's number when `field` is 'claims'. */
  claim?: number | null
  /** The words concerned; none when the problem is the field as a whole. */
  place?: Place | null
  severity?: Severity
  key?: string
}): Finding {
  const rule = RULES[code]
  return {
    code,
    severity: severity ?? rule.severity,
    field,
    claim,
    message,
    excerpt: place?.excerpt ?? null,
    start: place?.start ?? null,
    end: place?.end ?? null,
    rule: rule.rule,
    key,
  }
}

export const placeOf = (text: string, start: number, end: number): Place => ({
  excerpt: text.slice(start, end),
  start,
  end,
})

/** The places of every match of a global pattern. */
export const matchesOf = (text: string, pattern: RegExp) =>
  [...text.matchAll(pattern)].map((m) => placeOf(text, m.index, m.index + m[0].length))

export const isBlank = (text: string) => text.trim() === ''
export const quoted = (text: string) => `"${text.replace(/\s+/g, ' ')}"`
