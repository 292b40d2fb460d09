/** A stored application, as the PDF and DOCX renderers take it. */
export type ExportDocument = {
  /** Our reference, e.g. 'PA-2026-00042'. */
  reference: string
  title: string
  abstract: string
  /** Plain text; a newline (single or blank line) ends a paragraph. */
  description: string
  /** Claim 1 is claims[0]; the text does not include its number. */
  claims: string[]
  /** The UK application number, e.g. 'GB2301234.5', when known. */
  applicationNumber: string | null
  /** 'YYYY-MM-DD' when known. */
  filingDate: string | null
}

/**
 * The page layout of Patents Rules 2007, Schedule 2: A4, 20 mm margins, 1.5 line spacing, 12 pt serif.
 * The page number sits in the bottom margin, its line ending this far above the bottom edge, and the first
 * page's header line in the top margin, starting this far below the top edge.
 */
export const layout = {
  marginMm: 20,
  fontSizePt: 12,
  lineSpacing: 1.5,
  paragraphGapPt: 12,
  headerFontSizePt: 9,
  headerFromTopMm: 8,
  pageNumberFromBottomMm: 12,
} as const

/** A part of the application that starts on a new page: Description, Claims, then Abstract. */
export type Section = {
  /** Bold and centred: the title for the Description, otherwise CLAIMS or ABSTRACT. */
  heading: string
  /** A centred line under the heading (the Abstract repeats the title). */
  subheading?: string
  /** Each is its own paragraph; a newline inside one (in a claim) is a line break. */
  paragraphs: string[]
}

/** The applicant's paragraphs, whether separated by blank lines or single newlines. */
export const paragraphsOf = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '')

export const sectionsOf = (doc: ExportDocument): Section[] => [
  { heading: doc.title.trim(), paragraphs: paragraphsOf(doc.description) },
  {
    heading: 'CLAIMS',
    paragraphs: doc.claims.map((claim, index) => `${index + 1}. ${paragraphsOf(claim).join('\n')}`),
  },
  { heading: 'ABSTRACT', subheading: doc.title.trim(), paragraphs: paragraphsOf(doc.abstract) },
]

/** The first page's header line: our reference, and the UK number and filing date once known. */
export const headerLineOf = (doc: ExportDocument) =>
  [
    `Our ref: ${doc.reference}`,
    doc.applicationNumber && `Application No: ${doc.applicationNumber}`,
    doc.filingDate && `Filing date: ${doc.filingDate}`,
  ]
    .filter(Boolean)
    .join('   ')
