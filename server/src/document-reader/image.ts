import { createRequire } from 'node:module'
import path from 'node:path'
import { readingMessages } from '@patentdesk/contract/documents'
import { imageSize } from 'image-size'
import { createWorker, type Worker } from 'tesseract.js'
import { DocumentProblem } from './read-task'

/** The English model ships in an npm package, so OCR never downloads anything. */
const languageData = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@tesseract.js-data/eng/package.json')),
  '4.0.0_best_int',
)
let ocrEngine: Promise<Worker> | undefined

/**
 * One OCR engine per reading thread (starting one costs ~0.5 s); it ends with the thread. Without an
 * error handler tesseract.js throws a failed recognition outside any promise, ending the whole thread.
 */
function ocr() {
  ocrEngine ??= createWorker('eng', 1, {
    langPath: languageData,
    gzip: true,
    cacheMethod: 'none',
    errorHandler: () => {},
  })
  return ocrEngine
}

/** Width and height from the header alone, so a huge image is refused before any pixel is decoded. */
export function checkImage(bytes: Uint8Array, maxMegapixels: number) {
  let size: { width?: number; height?: number }
  try {
    size = imageSize(bytes)
  } catch {
    throw new DocumentProblem(readingMessages.unreadable)
  }
  const { width = 0, height = 0 } = size
  if (width <= 0 || height <= 0) throw new DocumentProblem(readingMessages.unreadable)
  if (width * height > maxMegapixels * 1_000_000) {
    throw new DocumentProblem(readingMessages.tooManyPixels(width, height, maxMegapixels))
  }
}

export async function readImageText(bytes: Uint8Array) {
  const { data } = await (await ocr()).recognize(Buffer.from(bytes))
  return data.text
}
