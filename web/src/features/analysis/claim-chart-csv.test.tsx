import { describe, expect, it } from 'vitest'
import {
  buildAnalysisResult,
  buildChartedResult,
  buildFeatureMatch,
  buildSimilarPatent,
} from './analysis-factories'
import { claimChartCsv } from './claim-chart-csv'
import { claimChartOf } from './claim-chart-data'

const header = 'Feature ID,Feature,Reference,Title,Level,Score,Location,Passage'

/** The CSV's records without the byte order mark, cut on the CRLF that ends each. */
const recordsOf = (csv: string) => csv.slice(1).split('\r\n').slice(0, -1)

/** A chart of one feature against one patent whose title is `title`. */
function chartWithTitle(title: string) {
  const base = buildAnalysisResult()
  return claimChartOf({
    ...base,
    similarPatents: {
      overallSimilarity: 40,
      patents: [buildSimilarPatent({ title, featureMatches: [buildFeatureMatch()] })],
    },
  })
}

describe('claimChartCsv', () => {
  it('starts with a byte order mark and ends every record with CRLF', () => {
    const csv = claimChartCsv(claimChartOf(buildChartedResult()))
    expect(csv.startsWith('\uFEFF')).toBe(true)
    expect(csv.endsWith('\r\n')).toBe(true)
    expect(csv.replaceAll('\r\n', '')).not.toMatch(/[\r\n]/)
  })

  it('writes a row per feature × charted patent, quoting fields that hold commas or quotes', () => {
    expect(recordsOf(claimChartCsv(claimChartOf(buildChartedResult())))).toEqual([
      header,
      '1a,An air pressure detection device for a wheel,US6838984B2,Air pressure detection device for wheel,Found,100,title,Air pressure detection device for wheel',
      '1a,An air pressure detection device for a wheel,WO2020/123456,Pressure sensor with expanding member,Not found,26,,',
      '1b,an air pressure sensor for detecting the air pressure of a tire tube,US6838984B2,Air pressure detection device for wheel,Partly,50,description ¶3,"The Pressure sensor sits in the tyre, ""sealed"", beside the pressure valve."',
      '1b,an air pressure sensor for detecting the air pressure of a tire tube,WO2020/123456,Pressure sensor with expanding member,Not found,32,,',
    ])
  })

  it('quotes a field that holds a line break', () => {
    expect(claimChartCsv(chartWithTitle('Probe\nwith radio'))).toContain(',"Probe\nwith radio",')
  })

  it.each([
    ['=HYPERLINK("http://x")', `"'=HYPERLINK(""http://x"")"`],
    ['+1', "'+1"],
    ['-1', "'-1"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tTab', "'\tTab"],
    ['\rReturn', `"'\rReturn"`],
  ])('keeps %j from being run as a formula', (title, written) => {
    expect(claimChartCsv(chartWithTitle(title))).toContain(`,${written},`)
  })
})
