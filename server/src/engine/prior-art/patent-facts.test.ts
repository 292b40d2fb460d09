import { describe, expect, it } from 'vitest'
import { FactsBuilder, filedBefore } from './patent-facts'

describe('what can be prior art to a date', () => {
  it('is what was filed before it, or whose filing date is not known', () => {
    const builder = new FactsBuilder()
    for (const filingDate of ['2010-01-01', '2015-06-01', null, '2015-05-31', '2016-01-01'])
      builder.add({ filingDate, codes: [], applicants: [] })
    const before = filedBefore(builder.build(), '2015-06-01')
    expect([0, 1, 2, 3, 4].map(before)).toEqual([true, false, true, true, false])
  })
})
