import type { SearchReportExport } from '@patentdesk/contract/analysis'
import { analysisMessages, searchReportTexts } from '@patentdesk/contract/analysis'
import mammoth from 'mammoth'
import { getDocumentProxy } from 'unpdf'
import { describe, expect, it } from 'vitest'
import { reportLayout } from './report-layout'
import { renderSearchReportDocx } from './search-report-docx'
import { renderSearchReportPdf } from './search-report-pdf'

const passage = { featureId: '1a', text: 'a pendulum that hangs plumb at 20 °C ± 2 µm', location: 'claim 1' }
const citation = {
  title: 'Levelling head',
  claims: [1, 2, 3, 5],
  combinedWith: [],
  family: [],
  passages: [passage],
  filingDate: '2009-04-01',
  publicationDate: '2010-10-07',
  dateNote: null,
}
const input: SearchReportExport = {
  subject: 'Self-levelling tripod head',
  report: {
    cutOff: { date: '2015-03-02', basis: 'priority date', filingDate: '2016-03-01' },
    claims: [1, 2, 3, 4, 5].map((number) => ({ number, independent: number === 1 })),
    citations: [
      { ...citation, reference: 'US1000001', category: 'X' },
      {
        ...citation,
        reference: 'US1000002',
        category: 'P',
        claims: [4],
        publicationDate: null,
        dateNote: analysisMessages.publicationUnknownBetween('2016-03-01'),
        family: ['EP1000002A1'],
      },
    ],
  },
}

const flat = (text: string) => text.replace(/\s+/g, ' ')

/** Each page's text; pdf.js would otherwise turn the micro sign µ into the Greek μ, hiding which one is there. */
async function pageTexts(bytes: Buffer) {
  const pdf = await getDocumentProxy(new Uint8Array(bytes))
  return Promise.all(
    Array.from({ length: pdf.numPages }, async (_, index) => {
      const content = await (await pdf.getPage(index + 1)).getTextContent({ disableNormalization: true })
      return flat(content.items.map((item) => ('str' in item ? `${item.str} ` : '')).join(''))
    }),
  )
}
const pdfText = async (bytes: Buffer) => (await pageTexts(bytes)).join(' ')

describe('the search report on paper', () => {
  it('writes claims as the IPO does, runs of three as ranges', () => {
    expect(searchReportTexts.claims([5, 1, 2, 3, 7, 8])).toBe('1-3, 5, 7, 8')
    expect(searchReportTexts.claims([])).toBe('')
  })

  it('quotes a passage once with every feature it holds', () => {
    const shared = { ...citation, reference: 'US1', category: 'A' as const }
    shared.passages = [passage, { ...passage, featureId: '1c' }, { ...passage, location: 'claim 2' }]
    expect(searchReportTexts.passages(shared).map(({ where, quote }) => `${where} ${quote}`)).toEqual([
      `claim 1, for 1a, 1c: “${passage.text}”`,
      `claim 2, for 1a: “${passage.text}”`,
    ])
  })

  it.each([
    ['PDF', (layout: ReturnType<typeof reportLayout>) => renderSearchReportPdf(layout).then(pdfText)],
    [
      'DOCX',
      async (layout: ReturnType<typeof reportLayout>) =>
        flat((await mammoth.extractRawText({ buffer: await renderSearchReportDocx(layout) })).value),
    ],
  ])('lays out the heading, the date that counts, each line and the legend in the %s', async (_, textOf) => {
    const text = await textOf(reportLayout(input))
    const expected = [
      searchReportTexts.heading,
      'Self-levelling tripod head',
      searchReportTexts.cutOff(input.report.cutOff),
      'Claims searched: 1-5',
      ...searchReportTexts.columns,
      'US1000001 Levelling head',
      'Filed 1 April 2009, published 7 October 2010',
      // Verbatim, with the signs only an embedded font shows.
      'claim 1, for 1a: “a pendulum that hangs plumb at 20 °C ± 2 µm”',
      '1-3, 5',
      analysisMessages.publicationUnknownBetween('2016-03-01'),
      '& EP1000002A1',
      searchReportTexts.legend.E,
      searchReportTexts.legend['&'],
    ]
    for (const phrase of expected) expect(text).toContain(flat(phrase))
    expect(text.indexOf('US1000001')).toBeLessThan(text.indexOf('US1000002'))
  })

  it('says there is nothing to cite when no document holds a feature', async () => {
    const none = reportLayout({ ...input, report: { ...input.report, citations: [] } })
    expect(await pdfText(await renderSearchReportPdf(none))).toContain(searchReportTexts.none)
  })

  it('keeps each row on one page over a report of many pages', async () => {
    const many = {
      ...input,
      report: {
        ...input.report,
        citations: Array.from({ length: 40 }, (_, i) => ({
          ...citation,
          reference: `US${2000000 + i}`,
          category: 'A' as const,
          passages: Array.from({ length: 4 }, (_, p) => ({
            ...passage,
            featureId: `${p + 1}`,
            text: `${passage.text}, part ${p + 1}`,
          })),
        })),
      },
    }
    const pages = await pageTexts(await renderSearchReportPdf(reportLayout(many)))
    expect(pages.length).toBeGreaterThan(3)
    for (const [page, text] of pages.entries()) {
      // Every page after the first starts under the column heads again, and no document is cut off from its passages.
      if (page > 0) expect(text).toContain(searchReportTexts.columns[1])
      const documents = text.match(/US2\d{6} Levelling head/g) ?? []
      const passages = text.match(/for 4: “/g) ?? []
      expect(passages.length).toBe(documents.length)
    }
  })
})
