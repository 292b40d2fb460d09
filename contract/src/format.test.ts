import { describe, expect, it } from 'vitest'
import { formatCount, formatLongDay, formatLongDayAndTime } from './format'

// Intl is the oracle: these functions exist only to write what it writes without starting it in the browser.
const intlCount = new Intl.NumberFormat('en-GB')
const intlUtcDay = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' })
const intlLocalDay = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long' })
const intlLocalDayAndTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short' })

describe('counts as en-GB writes them', () => {
  const edges = [0, 1, 9, 10, 99, 100, 999, 1000, 1001, 9999, 10_000, 99_999, 100_000, 999_999, 1_000_000]
  const powers = Array.from({ length: 16 }, (_, i) => 10 ** i)
  const random = Array.from({ length: 500 }, (_, i) => Math.floor(Math.abs(Math.sin(i + 1)) * 10 ** (i % 16)))
  const whole = [...edges, ...powers, ...powers.map((n) => n - 1), ...random, Number.MAX_SAFE_INTEGER]

  it('groups the thousands of every whole number, negative ones too', () => {
    for (const n of [...whole, ...whole.map((n) => -n)])
      expect(formatCount(n), String(n)).toBe(intlCount.format(n))
  })

  it('writes any other number as Intl does', () => {
    for (const n of [-0, 0.5, 1234.5678, 1e21, 2 ** 60, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(formatCount(n), String(n)).toBe(intlCount.format(n))
    }
  })
})

describe('dates as en-GB writes them', () => {
  // Every month of years from 1 to 9999, at the day's first and last minute and mid-morning.
  const dates = Array.from({ length: 1200 }, (_, i) => {
    const year = [1, 99, 100, 999, 1000, 1970, 1999, 2000, 2016, 2024, 2026, 9999][i % 12] as number
    const date = new Date(0)
    date.setUTCFullYear(year, Math.floor(i / 12) % 12, 1 + ((i * 7) % 31))
    date.setUTCHours([0, 9, 23][i % 3] as number, [0, 5, 59][i % 3] as number)
    return date
  })

  it('writes the long date of the day in UTC and in the local time zone', () => {
    for (const date of dates) {
      expect(formatLongDay(date, 'utc'), date.toISOString()).toBe(intlUtcDay.format(date))
      expect(formatLongDay(date, 'local'), date.toISOString()).toBe(intlLocalDay.format(date))
    }
  })

  it('writes the long date and the time in the local time zone', () => {
    for (const date of dates)
      expect(formatLongDayAndTime(date), date.toISOString()).toBe(intlLocalDayAndTime.format(date))
  })
})
