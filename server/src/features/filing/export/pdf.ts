import { buffer } from 'node:stream/consumers'
import PDFDocument from 'pdfkit'
import { mmToPt } from '~/shared/page-units'
import { loadPdfFonts } from '~/shared/pdf-fonts'
import { type ExportDocument, headerLineOf, layout, sectionsOf } from './export-document'

const REGULAR = 'serif'
const BOLD = 'serif-bold'

/** The application as a filing-ready PDF: Description, Claims and Abstract, each from a new page. */
export async function renderApplicationPdf(doc: ExportDocument): Promise<Buffer> {
  const { regular, bold } = await loadPdfFonts()
  const margin = mmToPt(layout.marginMm)
  const pdf = new PDFDocument({
    size: 'A4',
    margins: { top: margin, bottom: margin, left: margin, right: margin },
    autoFirstPage: false,
    // Page numbers are written once every page exists.
    bufferPages: true,
    lang: 'en-GB',
    displayTitle: true,
    info: { Title: doc.title, Subject: headerLineOf(doc), Keywords: doc.reference, Creator: 'PatentDesk' },
  })
  const bytes = buffer(pdf)
  pdf.registerFont(REGULAR, regular)
  pdf.registerFont(BOLD, bold)
  pdf.font(REGULAR).fontSize(layout.fontSizePt)
  // pdfkit adds lineGap to the font's own line height, so half of it more makes 1.5 line spacing.
  const lineGap = pdf.currentLineHeight(true) * (layout.lineSpacing - 1)
  const body = { lineGap, paragraphGap: layout.paragraphGapPt }

  for (const section of sectionsOf(doc)) {
    pdf.addPage()
    pdf.font(BOLD).text(section.heading, { ...body, align: 'center' })
    pdf.font(REGULAR)
    if (section.subheading) pdf.text(section.subheading, { ...body, align: 'center' })
    for (const paragraph of section.paragraphs) {
      // pdfkit spaces every newline as a new paragraph; inside a claim it only breaks the line.
      const lines = paragraph.split('\n')
      lines.forEach((line, index) => {
        const last = index === lines.length - 1
        pdf.text(line, { ...body, paragraphGap: last ? body.paragraphGap : 0, align: 'justify' })
      })
    }
  }

  const { count } = pdf.bufferedPageRange()
  for (let index = 0; index < count; index++) {
    const page = pdf.switchToPage(index)
    // Text in the bottom margin would otherwise make pdfkit start a new page; the body is done by now.
    page.margins.bottom = 0
    const width = page.width - 2 * margin
    if (index === 0) {
      pdf
        .fontSize(layout.headerFontSizePt)
        .text(headerLineOf(doc), margin, mmToPt(layout.headerFromTopMm), { width })
    }
    pdf.fontSize(layout.fontSizePt)
    const numberTop = page.height - mmToPt(layout.pageNumberFromBottomMm) - pdf.currentLineHeight()
    pdf.text(String(index + 1), margin, numberTop, { width, align: 'center' })
  }
  pdf.end()
  return bytes
}
