import {
  Document,
  HeadingLevel,
  Packer,
  Paragraph,
  ShadingType,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
} from 'docx'
import { A4_TWIPS, halfPoints, mmToTwip, WORD_FONT } from '~/shared/page-units'
import type { ReportLayout } from './report-layout'

const margin = mmToTwip(20)
const contentWidth = A4_TWIPS.width - 2 * margin
/** The category and claims columns; the document's column takes the rest. */
const columnWidths = [mmToTwip(21), contentWidth - mmToTwip(21) - mmToTwip(25), mmToTwip(25)]

const paragraph = (text: string, options: { bold?: boolean; size?: number } = {}) =>
  new Paragraph({ children: [new TextRun({ text, bold: options.bold, size: options.size })] })

/** A row is never split across pages: a document and its passages are read together. */
const row = (cells: Paragraph[][], header = false) =>
  new TableRow({
    tableHeader: header,
    cantSplit: true,
    children: cells.map(
      (children) =>
        new TableCell({
          children,
          ...(header && { shading: { type: ShadingType.CLEAR, color: 'auto', fill: 'E2E8F0' } }),
        }),
    ),
  })

/** The search report as an editable Word document, laid out as the PDF (search-report-pdf.ts). */
export async function renderSearchReportDocx(layout: ReportLayout): Promise<Buffer> {
  const table =
    layout.rows.length === 0
      ? paragraph(layout.none)
      : new Table({
          width: { size: contentWidth, type: WidthType.DXA },
          columnWidths,
          rows: [
            row(
              layout.columns.map((column) => [paragraph(column, { bold: true })]),
              true,
            ),
            ...layout.rows.map(({ category, document, claims }) =>
              row([
                [paragraph(category, { bold: true })],
                [
                  paragraph(document.title, { bold: true }),
                  ...document.lines.map((line) => paragraph(line, { size: halfPoints(9) })),
                ],
                [paragraph(claims)],
              ]),
            ),
          ],
        })
  const doc = new Document({
    creator: 'PatentDesk',
    title: `${layout.heading}: ${layout.lines[0] ?? ''}`,
    styles: { default: { document: { run: { font: WORD_FONT, size: halfPoints(10) } } } },
    sections: [
      {
        properties: {
          page: { size: A4_TWIPS, margin: { top: margin, bottom: margin, left: margin, right: margin } },
        },
        children: [
          new Paragraph({ heading: HeadingLevel.HEADING_1, children: [new TextRun(layout.heading)] }),
          ...layout.lines.map((line, i) => paragraph(line, { bold: i === 0 })),
          paragraph(''),
          table,
          paragraph(''),
          ...layout.legend.map(
            ([category, meaning]) =>
              new Paragraph({
                children: [new TextRun({ text: `${category}  `, bold: true }), new TextRun(meaning)],
              }),
          ),
        ],
      },
    ],
  })
  return Packer.toBuffer(doc)
}
