import {
  type Deadline,
  type Filing,
  type FilingChange,
  noUkDates,
  type UpcomingDeadline,
} from '@patentdesk/contract/filing'
import { ukRules } from '@patentdesk/contract/uk-rules'

/** A deadline as the server computes it from the rule of its key; open, 12 days ahead. */
export function buildDeadline(overrides: Partial<Deadline> = {}): Deadline {
  const rule = ukRules[overrides.key ?? 'examination']
  return {
    id: rule.key,
    key: rule.key,
    title: rule.title,
    action: rule.action,
    dueDate: '2026-05-10',
    daysLeft: 12,
    rule: rule.rule,
    basis: '6 months from the recorded publication date',
    extendable: rule.extension.extendable,
    extension: rule.extension.how,
    ipoReminder: rule.ipoReminder,
    event: rule.event ?? false,
    estimated: false,
    note: null,
    status: 'open',
    manual: !rule.event,
    completedAt: null,
    ...overrides,
  }
}

/** The renewal fee of each patent year, due a year apart from 2030. */
export const buildRenewals = (years: number[], overrides: Partial<Deadline> = {}) =>
  years.map((year) =>
    buildDeadline({
      id: `renewal-${year}`,
      key: 'renewal',
      dueDate: `${2025 + year}-03-31`,
      daysLeft: 365 * (year - 1),
      ...overrides,
    }),
  )

type FilingOverrides = Omit<Partial<Filing>, 'dates'> & { dates?: Partial<Filing['dates']> }

/** A filing with only the UK filing date recorded and no deadlines unless given. */
export function buildFiling({ dates, ...overrides }: FilingOverrides = {}): Filing {
  return {
    dates: { ...noUkDates, filingDate: '2026-03-02', ...dates },
    today: '2026-04-28',
    deadlines: [],
    history: [],
    ...overrides,
  }
}

export function buildFilingChange(overrides: Partial<FilingChange> = {}): FilingChange {
  return {
    id: 1,
    field: 'filingDate',
    label: 'UK filing date',
    fromValue: null,
    toValue: '2026-03-02',
    changedBy: { id: 7, fullName: 'Alice Inventor', isAdmin: false },
    changedAt: '2026-03-03T09:00:00.000Z',
    ...overrides,
  }
}

export function buildUpcomingDeadline(overrides: Partial<UpcomingDeadline> = {}): UpcomingDeadline {
  const applicationId = overrides.applicationId ?? 1
  return {
    applicationId,
    reference: `PA-2026-${String(applicationId).padStart(5, '0')}`,
    title: `Application ${applicationId}`,
    deadline: buildDeadline(),
    ...overrides,
  }
}
