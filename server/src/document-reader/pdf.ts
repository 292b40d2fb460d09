import { readingMessages } from '@patentdesk/contract/documents'
import { getDocumentProxy } from 'unpdf'
import { useCountedPdfjs, withInflateBudget } from './pdfjs-counted'
import { DocumentProblem, type ReadMode } from './read-task'

type PdfLimits = { mode: ReadMode; maxPages: number; maxInflatedMb: number }

/**
 * Opens the PDF (which proves it parses) and, for its text, reads page by page up to the limit: pdf.js
 * parses pages lazily, so a PDF of thousands of pages costs no more than its first pages.
 */
async function readPages(bytes: Uint8Array, { mode, maxPages }: PdfLimits) {
  const pdf = await getDocumentProxy(bytes)
  try {
    const total = pdf.numPages
    if (mode === 'check') return { text: '', notes: [] }
    const pages: string[] = []
    for (let number = 1; number <= Math.min(total, maxPages); number += 1) {
      const page = await pdf.getPage(number)
      const content = await page.getTextContent()
      pages.push(
        content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join(''),
      )
      page.cleanup()
    }
    return {
      text: pages.join('\n\n'),
      notes: total > maxPages ? [readingMessages.pagesRead(maxPages, total)] : [],
    }
  } finally {
    await pdf.destroy()
  }
}

/**
 * Reads a PDF with every byte its streams decode to counted (`pdfjs-counted.ts`): a stream bomb stops at
 * the limit and the document is refused, even where pdf.js would have caught the stop and gone on.
 */
export async function readPdf(bytes: Uint8Array, limits: PdfLimits) {
  await useCountedPdfjs()
  const { value, exceeded } = await withInflateBudget(limits.maxInflatedMb * 1024 * 1024, () =>
    readPages(bytes, limits),
  )
  if (exceeded || !value) throw new DocumentProblem(readingMessages.tooMuchInflated(limits.maxInflatedMb))
  return value
}
