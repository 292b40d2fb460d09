/**
 * The UK periods PatentDesk computes deadlines from, each with its legal source. A change in the law
 * is a change here: add the new value with the date it takes effect and keep the old one for
 * applications it still governs.
 *
 * Sources: Patents Act 1977 (PA) and Patents Rules 2007 (PR), as in force on `effectiveFrom`.
 * Periods "begin immediately after" their start date (PR r.2 and the Interpretation Act), so a period
 * of 12 months from 10 May ends on 10 May; with no matching day (31 August + 6 months) it ends on the
 * last day of the month.
 */

export type Period = { months: number }

export type Extension = {
  /** Whether any extension exists. */
  extendable: boolean
  /** How, in a sentence for the applicant. */
  how: string
}

export type UkRule = {
  key: DeadlineKey
  title: string
  /** What the applicant has to do (or what happens) by this date. */
  action: string
  /** The legal source, as an attorney would cite it. */
  rule: string
  extension: Extension
  /** Whether the IPO itself reminds the applicant (it does not for Form 10, r.28). */
  ipoReminder: boolean
  /** An event the office brings about (publication): shown, but nothing for the applicant to tick off. */
  event?: boolean
  effectiveFrom: string
}

export const deadlineKeys = [
  'priority',
  'late-priority',
  'claims-fees-search',
  'inventorship',
  'publication',
  'examination',
  'compliance',
  'renewal',
] as const
export type DeadlineKey = (typeof deadlineKeys)[number]

const asOfRight: Extension = {
  extendable: true,
  how: 'Extendable by 2 months as of right on Patents Form 52 (r.108(2)); further at the comptroller’s discretion (r.108(3)).',
}

export const periods = {
  /** PA s.5(2)/(2A)(a): an earlier application gives priority if the UK one is filed within 12 months. */
  priority: { months: 12 },
  /** PA s.5(2B), PR r.7: a late declaration may be requested up to 2 months after the priority period. */
  latePriority: { months: 14 },
  /** PR r.22(2)–(3) and (7): the later of 12 months from the earliest date and 2 months from filing. */
  claimsFromEarliest: { months: 12 },
  claimsFromFiling: { months: 2 },
  /** PR r.10(3): statement of inventorship within 16 months of the earliest date. */
  inventorship: { months: 16 },
  /** PA s.16, PR r.52: publication as soon as possible after 18 months from the earliest date. */
  publication: { months: 18 },
  /** PR r.28: request for substantive examination within 6 months of 'A' publication. */
  examination: { months: 6 },
  /** PR r.30: 4 years 6 months from the earliest date, or 12 months from the first examination report if later. */
  complianceFromEarliest: { months: 54 },
  complianceFromFirstReport: { months: 12 },
  /** PR r.37(2): first renewal at the end of the month of the 4th anniversary of filing. */
  firstRenewalAnniversary: { months: 48 },
  /** PR r.37(4): when grant comes late, the first renewal is due within 3 months of grant. */
  renewalAfterLateGrant: { months: 3 },
  /** PA s.25(1): a patent lasts at most 20 years from filing. */
  term: { months: 240 },
} as const satisfies Record<string, Period>

export const ukRules: Record<DeadlineKey, UkRule> = {
  priority: {
    key: 'priority',
    title: 'Priority period ends',
    action: 'File the UK application to claim priority from the earlier application.',
    rule: 'Patents Act 1977 s.5(2A)(a)',
    extension: {
      extendable: false,
      how: 'Not extendable, but a late declaration can be requested up to 14 months (s.5(2B)).',
    },
    ipoReminder: false,
    effectiveFrom: '2005-01-01',
  },
  'late-priority': {
    key: 'late-priority',
    title: 'Late declaration of priority',
    action: 'Request a late declaration of priority on Patents Form 3 if filing after the priority period.',
    rule: 'Patents Act 1977 s.5(2B); Patents Rules 2007 r.7',
    extension: { extendable: false, how: 'Not extendable.' },
    ipoReminder: false,
    effectiveFrom: '2007-10-01',
  },
  'claims-fees-search': {
    key: 'claims-fees-search',
    title: 'Claims, abstract, application fee and search request',
    action:
      'File the claims and abstract, pay the application fee and request the search on Patents Form 9A.',
    rule: 'Patents Rules 2007 r.22',
    extension: asOfRight,
    ipoReminder: true,
    effectiveFrom: '2007-10-01',
  },
  inventorship: {
    key: 'inventorship',
    title: 'Statement of inventorship',
    action: 'File the statement of inventorship and right to the grant on Patents Form 7.',
    rule: 'Patents Rules 2007 r.10(3)',
    extension: asOfRight,
    ipoReminder: true,
    effectiveFrom: '2007-10-01',
  },
  publication: {
    key: 'publication',
    title: "Expected 'A' publication",
    action: 'The IPO publishes the application; withdraw before preparations finish to keep it unpublished.',
    rule: 'Patents Act 1977 s.16; Patents Rules 2007 r.52',
    extension: { extendable: false, how: 'Not a period for the applicant.' },
    ipoReminder: false,
    event: true,
    effectiveFrom: '2007-10-01',
  },
  examination: {
    key: 'examination',
    title: 'Request for substantive examination',
    action: 'File Patents Form 10 and pay the examination fee. The IPO sends no reminder for this one.',
    rule: 'Patents Rules 2007 r.28',
    extension: asOfRight,
    ipoReminder: false,
    effectiveFrom: '2007-10-01',
  },
  compliance: {
    key: 'compliance',
    title: 'Compliance period ends',
    action: 'Put the application in order for grant; it is refused if not in order by this date.',
    rule: 'Patents Rules 2007 r.30',
    extension: asOfRight,
    ipoReminder: true,
    effectiveFrom: '2007-10-01',
  },
  renewal: {
    key: 'renewal',
    title: 'Renewal fee',
    action: 'Pay the renewal fee to keep the patent in force for the next year.',
    rule: 'Patents Rules 2007 r.37–38; Patents Act 1977 s.25',
    extension: {
      extendable: true,
      how: 'May be paid up to 6 months late with an additional fee (s.25(4), r.39).',
    },
    ipoReminder: true,
    effectiveFrom: '2007-10-01',
  },
}

/** Deadlines are reminded this many days ahead, by a notification to the owner. */
export const reminderDays = [30, 7] as const
