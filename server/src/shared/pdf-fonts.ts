import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'

export type PdfFonts = { regular: Buffer; bold: Buffer }
let fonts: Promise<PdfFonts> | undefined

/**
 * DejaVu Serif, embedded because the standard PDF fonts only cover WinAnsi, and patent text has Greek
 * letters, µ, ±, ≤. Read once per process; pdfkit subsets it into each document.
 */
export function loadPdfFonts() {
  const resolve = createRequire(import.meta.url).resolve
  fonts ??= Promise.all([
    readFile(resolve('dejavu-fonts-ttf/ttf/DejaVuSerif.ttf')),
    readFile(resolve('dejavu-fonts-ttf/ttf/DejaVuSerif-Bold.ttf')),
  ]).then(
    ([regular, bold]) => ({ regular, bold }),
    (error) => {
      // A failed read is tried again by the next export rather than remembered.
      fonts = undefined
      throw error
    },
  )
  return fonts
}
