import { readingMessages } from '@patentdesk/contract/documents'
import { getDocumentProxy } from 'unpdf'
import type { ReadMode } from './read-task'

/**
 * Opens the PDF (which proves it parses) and, for its text, reads page by page up to the limit: pdf.js
 * parses pages lazily, so a PDF of thousands of pages costs no more than its first pages.
 */
export async function readPdf(bytes: Uint8Array, { mode, maxPages }: { mode: ReadMode; maxPages: number }) {
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
