import { describe, expect, it } from 'vitest'
import { formatUkDate, IsoDateSchema, parseUkDate, UkDateTextSchema } from './common'
import { messages } from './errors'
import { noUkDates, UkDatesFormSchema } from './filing'
import { PatentSearchQuerySchema, patentMessages } from './patents'

describe('UK dates typed into a form', () => {
  it.each([
    ['02/03/2026', '2026-03-02'],
    ['2/3/2026', '2026-03-02'],
    ['02/3/2026', '2026-03-02'],
    ['2/03/2026', '2026-03-02'],
    ['02.03.2026', '2026-03-02'],
    ['2.3.2026', '2026-03-02'],
    ['02-03-2026', '2026-03-02'],
    ['  02/03/2026  ', '2026-03-02'],
    ['31/12/1999', '1999-12-31'],
    ['29/02/2024', '2024-02-29'],
    ['29/02/2000', '2000-02-29'],
    ['01/01/0001', '0001-01-01'],
  ])('reads %s as %s, day first', (text, iso) => {
    expect(parseUkDate(text)).toBe(iso)
    expect(UkDateTextSchema.parse(text)).toBe(iso)
  })

  it.each([
    ['31/02/2026', 'no 31 February'],
    ['30/02/2024', 'no 30 February, even in a leap year'],
    ['29/02/2026', 'no leap day in 2026'],
    ['29/02/1900', 'no leap day in a century year not divisible by 400'],
    ['31/04/2026', 'April has 30 days'],
    ['00/03/2026', 'no day 0'],
    ['02/00/2026', 'no month 0'],
    ['02/13/2026', 'no month 13'],
    ['01/01/0000', 'no year 0'],
    ['2026-13-01', 'year first is not the UK order'],
    ['2026-03-02', 'year first, even when real'],
    ['02/03/26', 'a two-digit year is ambiguous'],
    ['02/03/20266', 'five-digit year'],
    ['002/03/2026', 'three-digit day'],
    ['02/03-2026', 'mixed separators'],
    ['02 03 2026', 'spaces are not separators'],
    ['02032026', 'no separators'],
    ['2 March 2026', 'month as a word'],
    ['dd/mm/yyyy', 'letters'],
    ['abc', 'letters'],
    ['', 'empty'],
    ['٠٢/٠٣/٢٠٢٦', 'non-ASCII digits'],
  ])('refuses %s (%s) with the contract message', (text) => {
    expect(parseUkDate(text)).toBeUndefined()
    const result = UkDateTextSchema.safeParse(text)
    expect(result.success).toBe(false)
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([messages.ukDate])
  })

  it('refuses what is not text with the same message', () => {
    expect(UkDateTextSchema.safeParse(20260302).error?.issues[0]?.message).toBe(messages.ukDate)
  })

  it('writes YYYY-MM-DD in the UK order and leaves anything else alone', () => {
    expect(formatUkDate('2026-03-02')).toBe('02/03/2026')
    expect(formatUkDate('0001-01-01')).toBe('01/01/0001')
    expect(formatUkDate('')).toBe('')
    expect(formatUkDate('next week')).toBe('next week')
  })

  it('gives back what it parsed, and the server rule accepts it', () => {
    for (const iso of ['2024-02-29', '2026-12-31', '1970-01-01']) {
      expect(parseUkDate(formatUkDate(iso))).toBe(iso)
      expect(IsoDateSchema.parse(iso)).toBe(iso)
    }
  })
})

describe('the UK dates form', () => {
  const blankForm = Object.fromEntries(Object.keys(noUkDates).map((name) => [name, '']))

  it('sends the dates typed day first as YYYY-MM-DD, and blanks as null', () => {
    const dates = UkDatesFormSchema.parse({
      ...blankForm,
      priorityDate: '1/6/2025',
      priorityApplicationNumber: '63/123,456',
      priorityCountry: 'US',
      filingDate: '02.03.2026',
    })
    expect(dates).toMatchObject({ priorityDate: '2025-06-01', filingDate: '2026-03-02', grantDate: null })
  })

  it('names an unreadable date alone, without comparing the raw text with the other dates', () => {
    const result = UkDatesFormSchema.safeParse({
      ...blankForm,
      priorityDate: '10/05/2025',
      priorityApplicationNumber: '63/123,456',
      priorityCountry: 'US',
      filingDate: '31/02/2026',
    })
    expect(result.error?.issues).toMatchObject([{ path: ['filingDate'], message: messages.ukDate }])
  })
})

describe('the filing date range of a search', () => {
  const parse = (range: { from?: string; to?: string }) =>
    PatentSearchQuerySchema.safeParse({ q: 'hinge', ...range })

  it('refuses a range that ends before it starts, at its end', () => {
    expect(parse({ from: '2026-03-02', to: '2026-03-01' }).error?.issues).toMatchObject([
      { path: ['to'], message: patentMessages.reversedDates },
    ])
  })

  it('accepts a range of one day and ranges open at either end', () => {
    expect(parse({ from: '2026-03-02', to: '2026-03-02' }).success).toBe(true)
    expect(parse({ from: '2026-03-02' }).success).toBe(true)
    expect(parse({ to: '2026-03-02' }).success).toBe(true)
  })
})
