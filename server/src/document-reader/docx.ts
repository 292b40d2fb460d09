import { createRequire } from 'node:module'
import { readingMessages } from '@patentdesk/contract/documents'
import { MAX_DOCX_PARTS } from './limits'
import { DocumentProblem } from './read-task'

type ZipStream = {
  on(event: 'data', listener: (chunk: Uint8Array) => void): ZipStream
  on(event: 'error', listener: (error: Error) => void): ZipStream
  on(event: 'end', listener: () => void): ZipStream
  resume(): ZipStream
  pause(): ZipStream
}
type ZipArchive = {
  files: Record<string, { name: string; dir: boolean; internalStream(type: 'uint8array'): ZipStream }>
}

/**
 * The JSZip that mammoth itself opens the document with, so the check sees the archive exactly as the
 * reader will: the same directory, the same entries (a duplicated name is the one mammoth would read),
 * the same inflating.
 */
const JSZip = createRequire(createRequire(import.meta.url).resolve('mammoth'))('jszip') as {
  loadAsync(data: Uint8Array): Promise<ZipArchive>
}

type Budget = { perPart: number; left: number; maxMarkupMb: number; maxInflatedMb: number }

/** Inflates one part without keeping it, stopping as soon as it passes either limit. */
function measurePart(zip: ZipArchive, name: string, budget: Budget) {
  return new Promise<void>((resolve, reject) => {
    let inflated = 0
    const entry = zip.files[name]
    // mammoth opens files only (JSZip's `file(name)` never answers a folder entry).
    if (!entry || entry.dir) return resolve()
    const stream = entry.internalStream('uint8array')
    const stop = (problem: string) => {
      stream.pause()
      reject(new DocumentProblem(problem))
    }
    stream
      .on('data', (chunk) => {
        inflated += chunk.length
        budget.left -= chunk.length
        if (inflated > budget.perPart) return stop(readingMessages.tooMuchMarkup(name, budget.maxMarkupMb))
        if (budget.left < 0) stop(readingMessages.tooMuchInflated(budget.maxInflatedMb))
      })
      .on('error', reject)
      .on('end', () => resolve())
      .resume()
  })
}

/**
 * Proves a DOCX inflates within the limits before mammoth holds it. Every part is inflated and counted,
 * whatever its name, rather than only the parts the relationships name: mammoth reads whichever part
 * `_rels/.rels` points at (`word/main.bin` as readily as `word/document.xml`) and then the parts that
 * part's relationships name, and following that chain here would copy mammoth's path rules, a bypass
 * wherever the two differ. The counts are of bytes actually inflated; the ZIP directory's sizes are not
 * trusted.
 */
export async function checkDocx(
  bytes: Uint8Array,
  { maxMarkupMb, maxInflatedMb }: { maxMarkupMb: number; maxInflatedMb: number },
) {
  const zip = await JSZip.loadAsync(bytes)
  const names = Object.keys(zip.files)
  if (names.length > MAX_DOCX_PARTS) throw new DocumentProblem(readingMessages.tooManyParts(MAX_DOCX_PARTS))
  const budget = {
    perPart: maxMarkupMb * 1024 * 1024,
    left: maxInflatedMb * 1024 * 1024,
    maxMarkupMb,
    maxInflatedMb,
  }
  for (const name of names) await measurePart(zip, name, budget)
}

export async function readDocxText(bytes: Uint8Array) {
  const mammoth = (await import('mammoth')).default
  return (await mammoth.extractRawText({ buffer: Buffer.from(bytes) })).value
}
