import { buffer } from 'node:stream/consumers'
import PDFDocument from 'pdfkit'
import { mmToPt } from '~/shared/page-units'
import { loadPdfFonts } from '~/shared/pdf-fonts'
import type { ReportLayout } from './report-layout'

const REGULAR = 'serif'
const BOLD = 'serif-bold'
const MARGIN = mmToPt(20)
const SIZE = { heading: 14, body: 10, small: 9 }
/** The category and claims columns' widths; the document's column takes the rest. */
const CATEGORY = 60
const CLAIMS = 70
const GAP = 8
const GREY = '#475569'

/**
 * The search report as a PDF laid out as the IPO's (A4, DejaVu Serif for the signs patents use): the
 * heading and what was searched, then one row per cited document, a row never split unless it is longer
 * than a page, the column heads repeated on each page; the categories explained at the end.
 */
export async function renderSearchReportPdf(layout: ReportLayout): Promise<Buffer> {
  const { regular, bold } = await loadPdfFonts()
  const pdf = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    lang: 'en-GB',
    displayTitle: true,
    info: { Title: `${layout.heading}: ${layout.lines[0] ?? ''}`, Creator: 'PatentDesk' },
  })
  const bytes = buffer(pdf)
  pdf.registerFont(REGULAR, regular)
  pdf.registerFont(BOLD, bold)
  const width = pdf.page.width - 2 * MARGIN
  const documentWidth = width - CATEGORY - CLAIMS - 2 * GAP
  const x = { category: MARGIN, document: MARGIN + CATEGORY + GAP, claims: MARGIN + width - CLAIMS }
  const bottom = () => pdf.page.height - MARGIN

  pdf.font(BOLD).fontSize(SIZE.heading).text(layout.heading)
  pdf.moveDown(0.3)
  layout.lines.forEach((line, i) => {
    pdf
      .font(i === 0 ? BOLD : REGULAR)
      .fontSize(SIZE.body)
      .text(line, { width })
  })
  pdf.moveDown()

  const rule = () => {
    pdf
      .moveTo(MARGIN, pdf.y)
      .lineTo(MARGIN + width, pdf.y)
      .lineWidth(0.5)
      .strokeColor('#94a3b8')
      .stroke()
    pdf.y += 4
  }
  const columnHeads = () => {
    const top = pdf.y
    pdf.font(BOLD).fontSize(SIZE.small).fillColor(GREY)
    const [category = '', document = '', claims = ''] = layout.columns
    pdf.text(category, x.category, top, { width: CATEGORY })
    pdf.text(document, x.document, top, { width: documentWidth })
    pdf.text(claims, x.claims, top, { width: CLAIMS })
    pdf.fillColor('black')
    pdf.y = Math.max(pdf.y, top + pdf.currentLineHeight(true) * 2) + 2
    rule()
  }
  const documentHeight = (row: ReportLayout['rows'][number]) => {
    pdf.font(BOLD).fontSize(SIZE.body)
    let height = pdf.heightOfString(row.document.title, { width: documentWidth })
    pdf.font(REGULAR).fontSize(SIZE.small)
    for (const line of row.document.lines) height += 2 + pdf.heightOfString(line, { width: documentWidth })
    return height
  }

  if (layout.rows.length === 0)
    pdf.font(REGULAR).fontSize(SIZE.body).text(layout.none, MARGIN, pdf.y, { width })
  else columnHeads()
  for (const row of layout.rows) {
    const height = documentHeight(row) + 8
    // A row that fits on a page is never split: it starts a new page, under the column heads again.
    if (pdf.y + height > bottom() && height < bottom() - MARGIN) {
      pdf.addPage()
      columnHeads()
    }
    const top = pdf.y
    pdf.font(BOLD).fontSize(SIZE.body)
    pdf.text(row.category, x.category, top, { width: CATEGORY })
    pdf.font(REGULAR).text(row.claims, x.claims, top, { width: CLAIMS })
    pdf.font(BOLD).text(row.document.title, x.document, top, { width: documentWidth })
    pdf.font(REGULAR).fontSize(SIZE.small)
    for (const line of row.document.lines) {
      pdf.y += 2
      pdf.text(line, x.document, pdf.y, { width: documentWidth })
    }
    pdf.y += 6
    rule()
  }

  pdf.moveDown()
  for (const [category, meaning] of layout.legend) {
    const top = pdf.y
    pdf.font(BOLD).fontSize(SIZE.small).text(category, MARGIN, top, { width: 20 })
    pdf.font(REGULAR).text(meaning, MARGIN + 20, top, { width: width - 20 })
  }
  pdf.end()
  return bytes
}
