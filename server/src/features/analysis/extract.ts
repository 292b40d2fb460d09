import { createRequire } from 'node:module'
import path from 'node:path'
import { analysisDocumentExtensions, analysisMessages } from '@patentdesk/contract/analysis'
import { fileTypeFromBuffer } from 'file-type'
import { createWorker, type Worker } from 'tesseract.js'
import { extractText } from 'unpdf'
import { AppError } from '~/errors'

export type Extracted = { text: string; notes: string[] }

const MAX_PDF_PAGES = 50
const MAX_TEXT = 200_000

/** The English model ships in an npm package, so OCR never downloads anything. */
const languageData = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@tesseract.js-data/eng/package.json')),
  '4.0.0_best_int',
)
let ocrWorker: Promise<Worker> | undefined

/** One OCR worker for the process (starting one costs ~0.5 s); images are read one at a time. */
function ocr() {
  ocrWorker ??= createWorker('eng', 1, { langPath: languageData, gzip: true, cacheMethod: 'none' })
  return ocrWorker
}

export async function closeOcr() {
  const worker = await ocrWorker
  ocrWorker = undefined
  await worker?.terminate()
}

const unreadable = () =>
  new AppError('UNSUPPORTED_MEDIA_TYPE', analysisMessages.corruptFile, {
    document: analysisMessages.corruptFile,
  })

/**
 * The text of an analysis document, by its real type (checked from the bytes, which must agree with the
 * name): PDF text, DOCX text, OCR of JPG/PNG. A legacy .doc gives a note instead of text.
 */
export async function extractDocumentText(fileName: string, bytes: Buffer): Promise<Extracted> {
  const extension = path.extname(fileName).toLowerCase()
  if (!(analysisDocumentExtensions as readonly string[]).includes(extension)) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', analysisMessages.unsupportedFile, {
      document: analysisMessages.unsupportedFile,
    })
  }
  const detected = (await fileTypeFromBuffer(bytes))?.mime
  const cut = (text: string) => text.replace(/\s+\n/g, '\n').trim().slice(0, MAX_TEXT)
  try {
    if (extension === '.pdf') {
      if (detected !== 'application/pdf') throw unreadable()
      const { text, totalPages } = await extractText(new Uint8Array(bytes), { mergePages: false })
      const notes =
        totalPages > MAX_PDF_PAGES
          ? [`Only the first ${MAX_PDF_PAGES} of ${totalPages} pages were read.`]
          : []
      return { text: cut(text.slice(0, MAX_PDF_PAGES).join('\n\n')), notes }
    }
    if (extension === '.docx') {
      if (
        detected !== 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' &&
        detected !== 'application/zip'
      ) {
        throw unreadable()
      }
      return {
        text: cut((await (await import('mammoth')).default.extractRawText({ buffer: bytes })).value),
        notes: [],
      }
    }
    if (extension === '.doc') {
      if (detected !== 'application/x-cfb') throw unreadable()
      return { text: '', notes: [analysisMessages.legacyWord] }
    }
    if (detected !== (extension === '.png' ? 'image/png' : 'image/jpeg')) throw unreadable()
    const { data } = await (await ocr()).recognize(bytes)
    return { text: cut(data.text), notes: ['The document is an image: its text was read by OCR.'] }
  } catch (error) {
    if (error instanceof AppError) throw error
    throw unreadable()
  }
}
