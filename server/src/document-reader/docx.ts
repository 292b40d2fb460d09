import { readingMessages } from '@patentdesk/contract/documents'
import yauzl from 'yauzl'
import { MAX_DOCX_PARTS } from './limits'
import { DocumentProblem } from './read-task'

const isMarkup = (name: string) => /\.(xml|rels)$/i.test(name)

function openZip(bytes: Uint8Array) {
  return new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(Buffer.from(bytes), { lazyEntries: true, validateEntrySizes: true }, (error, zip) =>
      error ? reject(error) : resolve(zip),
    ),
  )
}

/** Every entry of the ZIP directory, refusing a markup part whose declared inflated size is over the limit. */
function readDirectory(zip: yauzl.ZipFile, maxMarkupBytes: number, maxMarkupMb: number) {
  return new Promise<yauzl.Entry[]>((resolve, reject) => {
    const markup: yauzl.Entry[] = []
    let count = 0
    zip.on('entry', (entry: yauzl.Entry) => {
      count += 1
      if (count > MAX_DOCX_PARTS)
        return reject(new DocumentProblem(readingMessages.tooManyParts(MAX_DOCX_PARTS)))
      if (isMarkup(entry.fileName)) {
        if (entry.uncompressedSize > maxMarkupBytes) {
          return reject(new DocumentProblem(readingMessages.tooMuchMarkup(entry.fileName, maxMarkupMb)))
        }
        markup.push(entry)
      }
      zip.readEntry()
    })
    zip.on('end', () => resolve(markup))
    zip.on('error', reject)
    zip.readEntry()
  })
}

/** Inflates one part without keeping it, stopping as soon as it passes the limit (the directory may lie). */
function measureEntry(zip: yauzl.ZipFile, entry: yauzl.Entry, maxMarkupBytes: number, maxMarkupMb: number) {
  return new Promise<void>((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => {
      if (error) return reject(error)
      let inflated = 0
      stream.on('data', (chunk: Buffer) => {
        inflated += chunk.length
        if (inflated > maxMarkupBytes) {
          stream.destroy()
          reject(new DocumentProblem(readingMessages.tooMuchMarkup(entry.fileName, maxMarkupMb)))
        }
      })
      stream.on('end', resolve)
      stream.on('error', reject)
    })
  })
}

/**
 * Proves a DOCX inflates within the limits before a parser holds it: each markup part's size from the
 * ZIP directory, then again while inflating it (yauzl also refuses a part longer than the directory says).
 */
export async function checkDocx(bytes: Uint8Array, maxMarkupMb: number) {
  const maxMarkupBytes = maxMarkupMb * 1024 * 1024
  const zip = await openZip(bytes)
  try {
    for (const entry of await readDirectory(zip, maxMarkupBytes, maxMarkupMb)) {
      await measureEntry(zip, entry, maxMarkupBytes, maxMarkupMb)
    }
  } finally {
    zip.close()
  }
}

export async function readDocxText(bytes: Uint8Array) {
  const mammoth = (await import('mammoth')).default
  return (await mammoth.extractRawText({ buffer: Buffer.from(bytes) })).value
}
