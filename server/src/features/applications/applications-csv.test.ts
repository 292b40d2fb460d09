import { describe, expect, it } from 'vitest'
import { isoDay } from './applications-csv'

describe('isoDay', () => {
  it.each([
    ['2026-03-02T09:15:00.000Z', '2026-03-02'],
    // British Summer Time: 00:30 in London on 2 July is 23:30 on 1 July in UTC.
    ['2026-07-01T23:30:00.000Z', '2026-07-02'],
    // Greenwich Mean Time in winter: the same day as UTC.
    ['2026-01-31T23:30:00.000Z', '2026-01-31'],
  ])('writes %s as %s', (moment, day) => {
    expect(isoDay(new Date(moment))).toBe(day)
  })
})
