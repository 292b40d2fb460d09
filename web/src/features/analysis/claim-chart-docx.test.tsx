import JSZip from 'jszip'
import { describe, expect, it } from 'vitest'
import { buildChartedResult } from './analysis-factories'
import { claimChartOf } from './claim-chart-data'
import { renderClaimChartDocx } from './claim-chart-docx'

/** The document's bytes and its main part, word/document.xml, parsed. */
async function renderDocument() {
  const blob = await renderClaimChartDocx({
    chart: claimChartOf(buildChartedResult()),
    invention: 'Tyre pressure monitor',
    date: '26 November 2025',
  })
  const bytes = new Uint8Array(await blob.arrayBuffer())
  const zip = await JSZip.loadAsync(bytes)
  const xml = (await zip.file('word/document.xml')?.async('string')) ?? ''
  return { bytes, xml, document: new DOMParser().parseFromString(xml, 'application/xml') }
}

const elements = (root: Document | Element, name: string) => [...root.getElementsByTagName(name)]

describe('renderClaimChartDocx', () => {
  it('is a Word document on landscape pages', async () => {
    const { bytes, xml } = await renderDocument()
    expect(String.fromCharCode(...bytes.slice(0, 2))).toBe('PK')
    expect(xml).toContain('w:orient="landscape"')
  })

  it('names the invention and the date, then holds every feature, level and passage', async () => {
    const { document } = await renderDocument()
    const paragraphs = elements(document, 'w:p').map((paragraph) => paragraph.textContent)
    expect(paragraphs).toEqual(
      expect.arrayContaining([
        'Claim chart',
        'Invention: Tyre pressure monitor',
        'Date: 26 November 2025',
        '1a An air pressure detection device for a wheel',
        '1b an air pressure sensor for detecting the air pressure of a tire tube',
        'US6838984B2 — Air pressure detection device for wheel',
        'Found · 100%',
        'Not found · 32%',
        '“Air pressure detection device for wheel”',
        '“The Pressure sensor sits in the tyre, "sealed", beside the pressure valve.”',
        'description ¶3',
      ]),
    )
  })

  it('repeats the header row of each table on every page, and sets the shared words in bold', async () => {
    const { document } = await renderDocument()
    // The overview and one table per charted patent.
    expect(elements(document, 'w:tbl')).toHaveLength(3)
    expect(elements(document, 'w:tblHeader')).toHaveLength(3)
    // No row breaks across a page: every row of every table keeps together.
    expect(elements(document, 'w:cantSplit')).toHaveLength(elements(document, 'w:tr').length)
    const [passage] = elements(document, 'w:p').filter((paragraph) =>
      paragraph.textContent?.startsWith('“The Pressure'),
    )
    const bold = elements(passage ?? document, 'w:r')
      .filter((run) => run.getElementsByTagName('w:b').length > 0)
      .map((run) => run.textContent)
    expect(bold).toEqual(['Pressure', 'sensor', 'pressure'])
  })
})
