import { describe, expect, it } from 'vitest'
import { earlierThan, FactsBuilder } from './patent-facts'

describe('what can be cited against an application filed on a date', () => {
  it('is what was filed or had a priority before it, or whose dates are not known', () => {
    const builder = new FactsBuilder()
    const patents: [filingDate: string | null, priorityDate: string | null][] = [
      ['2010-01-01', null],
      ['2015-06-01', null],
      [null, null],
      ['2015-05-31', null],
      ['2016-01-01', null],
      // Filed after the date, with a priority before it: an earlier right (E when published later).
      ['2015-09-01', '2014-09-01'],
      ['2016-01-01', '2015-06-01'],
      [null, '2015-01-01'],
    ]
    for (const [filingDate, priorityDate] of patents)
      builder.add({
        reference: `GB${filingDate}${priorityDate}`,
        filingDate,
        priorityDate,
        publicationDate: null,
        codes: [],
        applicants: [],
        inventors: [],
        familyId: null,
        relatives: [],
      })
    const cited = earlierThan(builder.build(), '2015-06-01')
    expect(patents.map((_, doc) => cited(doc))).toEqual([true, false, true, true, false, true, false, true])
  })
})
