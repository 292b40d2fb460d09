import type { Feature, FeatureLevel, FeatureMatch } from '@patentdesk/contract/analysis'
import {
  Document,
  HeadingLevel,
  Packer,
  PageOrientation,
  Paragraph,
  ShadingType,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
} from 'docx'
import { highlightTerms } from '@/features/patents'
import { saveBlob } from '@/lib/save-blob'
import {
  type ChartPatent,
  type ClaimChart,
  cellsOfFeature,
  cellsOfPatent,
  chartPurpose,
  levelLabel,
} from './claim-chart-data'

/*
 * The claim chart as a Word document. This module is only ever loaded by `import()` on the download
 * button's click, so the docx library (some 230 KB, 67 KB compressed) is a chunk of its own that other
 * visits never fetch.
 *
 * Layout: an overview matrix (feature × patent, level and score only), then one table per patent in the
 * form attorneys file (Feature | Passage | Location). Five columns of passages beside a feature column
 * leave about 40 mm each even in landscape, where a 300-character claim element runs to some fifteen lines:
 * the matrix keeps the comparison across patents, the per-patent tables give each passage the width to be
 * read and quoted.
 */

export type ClaimChartDocxInput = { chart: ClaimChart; invention: string; date: string }

/** Word measures pages in twips (twentieths of a point) and font sizes in half points. */
const mmToTwip = (mm: number) => Math.round((mm * 1440) / 25.4)
const halfPoints = (pt: number) => pt * 2
/** A4 given portrait; the landscape orientation swaps the two. */
const A4 = { width: 11906, height: 16838 }
const margin = mmToTwip(20)
const contentWidth = A4.height - 2 * margin
/** Times New Roman: the serif every copy of Word has, as in the application export. */
const FONT = 'Times New Roman'

const shading = (fill: string | null) => (fill ? { type: ShadingType.CLEAR, color: 'auto', fill } : undefined)
/** The screen's tints: found strongly, partly lightly, not found left white. */
const levelShades: Record<FeatureLevel, string | null> = { found: 'FECACA', partly: 'FEF3C7', absent: null }
const headerShade = 'E2E8F0'

/**
 * A table as wide as the page, its first row repeated on every page it runs to; no row is split across
 * pages, so a feature and its passage are read together.
 */
function table(widths: number[], header: Paragraph[][], rows: TableCell[][]) {
  const total = widths.reduce((sum, width) => sum + width, 0)
  const columnWidths = widths.map((width) => Math.floor((width / total) * contentWidth))
  const headerCells = header.map((children) => new TableCell({ children, shading: shading(headerShade) }))
  return new Table({
    width: { size: contentWidth, type: WidthType.DXA },
    columnWidths,
    rows: [
      new TableRow({ tableHeader: true, cantSplit: true, children: headerCells }),
      ...rows.map((children) => new TableRow({ cantSplit: true, children })),
    ],
  })
}

const bold = (text: string) => new TextRun({ text, bold: true })

const featureCell = (feature: Feature) =>
  new TableCell({
    children: [new Paragraph({ children: [bold(feature.id), new TextRun(` ${feature.text}`)] })],
  })

const patentHeading = ({ reference, title }: ChartPatent) => [
  new Paragraph({ children: [bold(reference), new TextRun({ text: title, break: 1, size: halfPoints(8) })] }),
]

function overview(chart: ClaimChart) {
  const rows = chart.features.map((feature) => [
    featureCell(feature),
    ...cellsOfFeature(chart, feature).map(
      ({ match }) =>
        new TableCell({
          shading: shading(levelShades[match.level]),
          children: [new Paragraph({ children: [bold(levelLabel(match))] })],
        }),
    ),
  ])
  const header = [[new Paragraph({ children: [bold('Feature')] })], ...chart.patents.map(patentHeading)]
  return table([3, ...chart.patents.map(() => 2)], header, rows)
}

/** The level and score, then the passage in quotes with the words it shares with the feature in bold. */
function passage(match: FeatureMatch) {
  const level = new Paragraph({ children: [bold(levelLabel(match))] })
  if (!match.passage) return [level]
  const runs = highlightTerms(match.passage, match.sharedWords).map(({ text, marked }) =>
    marked ? bold(text) : new TextRun(text),
  )
  return [level, new Paragraph({ children: [new TextRun('“'), ...runs, new TextRun('”')] })]
}

function patentTable(chart: ClaimChart, patent: ChartPatent) {
  const rows = cellsOfPatent(chart, patent).map((cell) => [
    featureCell(cell.feature),
    new TableCell({ shading: shading(levelShades[cell.match.level]), children: passage(cell.match) }),
    new TableCell({
      children: [
        new Paragraph({ children: [new TextRun({ text: cell.match.location ?? '', italics: true })] }),
      ],
    }),
  ])
  const header = ['Feature', 'Passage', 'Location'].map((name) => [new Paragraph({ children: [bold(name)] })])
  return [
    new Paragraph({ heading: HeadingLevel.HEADING_2, text: `${patent.reference} — ${patent.title}` }),
    table([7, 10, 3], header, rows),
  ]
}

/** The chart as a landscape A4 Word document. */
export function renderClaimChartDocx({ chart, invention, date }: ClaimChartDocxInput) {
  const heading = (text: string) => new Paragraph({ heading: HeadingLevel.HEADING_2, text })
  const document = new Document({
    title: 'Claim chart',
    subject: invention,
    creator: 'PatentDesk',
    styles: {
      default: {
        document: { run: { font: FONT, size: halfPoints(10) }, paragraph: { spacing: { after: 80 } } },
        heading1: { run: { font: FONT, size: halfPoints(16), bold: true, color: '000000' } },
        heading2: {
          run: { font: FONT, size: halfPoints(12), bold: true, color: '000000' },
          paragraph: { keepNext: true, spacing: { before: 240, after: 120 } },
        },
      },
    },
    sections: [
      {
        properties: {
          page: {
            size: { ...A4, orientation: PageOrientation.LANDSCAPE },
            margin: { top: margin, right: margin, bottom: margin, left: margin },
          },
        },
        children: [
          new Paragraph({ heading: HeadingLevel.HEADING_1, text: 'Claim chart' }),
          new Paragraph({ children: [bold('Invention: '), new TextRun(invention)] }),
          new Paragraph({ children: [bold('Date: '), new TextRun(date)] }),
          new Paragraph({
            children: [new TextRun({ text: chartPurpose(chart.patents.length), italics: true })],
          }),
          heading('Overview'),
          overview(chart),
          ...chart.patents.flatMap((patent) => patentTable(chart, patent)),
        ],
      },
    ],
  })
  return Packer.toBlob(document)
}

export async function saveClaimChartDocx(input: ClaimChartDocxInput) {
  saveBlob(await renderClaimChartDocx(input), 'claim-chart.docx')
}
