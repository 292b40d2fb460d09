import {
  AlignmentType,
  Document,
  Footer,
  Header,
  HeadingLevel,
  LineRuleType,
  Packer,
  PageNumber,
  Paragraph,
  TextRun,
} from 'docx'
import { A4_TWIPS, halfPoints, mmToTwip, WORD_FONT } from '~/shared/page-units'
import { type ExportDocument, headerLineOf, layout, sectionsOf } from './export-document'

const margin = mmToTwip(layout.marginMm)
const twips = (pt: number) => pt * 20
const heading = {
  run: { font: WORD_FONT, size: halfPoints(layout.fontSizePt), bold: true, color: '000000' },
  paragraph: { alignment: AlignmentType.CENTER, keepNext: true, spacing: { before: 0 }, outlineLevel: 0 },
}

/** A newline inside a paragraph (between the features of a claim) stays a line break. */
const runs = (text: string) =>
  text.split('\n').map((line, index) => new TextRun({ text: line, break: index > 0 ? 1 : 0 }))

// Header and footer lines are single-spaced so they stay inside the margins.
const marginLine = { line: 240, before: 0, after: 0 }

const pageNumberFooter = () =>
  new Footer({
    children: [
      new Paragraph({
        alignment: AlignmentType.CENTER,
        spacing: marginLine,
        children: [new TextRun({ children: [PageNumber.CURRENT] })],
      }),
    ],
  })

/**
 * The application as an editable Word document laid out as the PDF: Description, Claims and Abstract, each
 * from a new page, with real heading styles so an attorney can navigate and restyle it.
 */
export async function renderApplicationDocx(doc: ExportDocument): Promise<Buffer> {
  const children = sectionsOf(doc).flatMap((section, index) => [
    new Paragraph({
      heading: HeadingLevel.HEADING_1,
      pageBreakBefore: index > 0,
      children: runs(section.heading),
    }),
    ...(section.subheading
      ? [new Paragraph({ heading: HeadingLevel.HEADING_2, children: runs(section.subheading) })]
      : []),
    ...section.paragraphs.map((paragraph) => new Paragraph({ children: runs(paragraph) })),
  ])
  const document = new Document({
    title: doc.title,
    subject: headerLineOf(doc),
    keywords: doc.reference,
    creator: 'PatentDesk',
    lastModifiedBy: 'PatentDesk',
    // Justified text would otherwise spread out a claim's line that ends in a line break.
    compatibility: { version: 15, doNotExpandShiftReturn: true },
    styles: {
      default: {
        document: {
          run: { font: WORD_FONT, size: halfPoints(layout.fontSizePt), language: { value: 'en-GB' } },
          paragraph: {
            alignment: AlignmentType.JUSTIFIED,
            spacing: {
              // With lineRule auto, 240 is single spacing.
              line: 240 * layout.lineSpacing,
              lineRule: LineRuleType.AUTO,
              after: twips(layout.paragraphGapPt),
            },
          },
        },
        heading1: heading,
        heading2: {
          run: { ...heading.run, bold: false },
          paragraph: { ...heading.paragraph, outlineLevel: 1 },
        },
      },
    },
    sections: [
      {
        properties: {
          page: {
            size: A4_TWIPS,
            margin: {
              top: margin,
              right: margin,
              bottom: margin,
              left: margin,
              header: mmToTwip(layout.headerFromTopMm),
              footer: mmToTwip(layout.pageNumberFromBottomMm),
            },
          },
          // The header line is on the first page only.
          titlePage: true,
        },
        headers: {
          first: new Header({
            children: [
              new Paragraph({
                alignment: AlignmentType.LEFT,
                spacing: marginLine,
                children: [
                  new TextRun({ text: headerLineOf(doc), size: halfPoints(layout.headerFontSizePt) }),
                ],
              }),
            ],
          }),
        },
        // The first page has its own footer (titlePage), so both carry the page number.
        footers: { default: pageNumberFooter(), first: pageNumberFooter() },
        children,
      },
    ],
  })
  return Packer.toBuffer(document)
}
