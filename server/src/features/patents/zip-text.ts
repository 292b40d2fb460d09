import path from 'node:path'
import { pipeline, type Readable, Transform } from 'node:stream'
import zlib from 'node:zlib'
import { type Entry, openPromise, type ZipFile } from 'yauzl'
import { ImportFileError } from './import-file-error'

/**
 * The largest inflated entry read. A weekly grant file (ipg) inflates to about 1 GB and an application file
 * (ipa) to not much more: 16 GiB leaves room for years of growth, and a header declaring more is refused
 * before a byte is inflated.
 */
const MAX_INFLATED_BYTES = 16 * 2 ** 30
/**
 * USPTO XML deflates 8 to 15 times; a run of one byte deflates about 1,000 times. Past 100 times an entry is
 * a decompression bomb, not the text expected.
 */
const MAX_RATIO = 100
const EXPECTED = 'a USPTO weekly archive (such as ipg241231.zip or ipa241231.zip) holds one XML file'
const STORED = 0
const DEFLATED = 8
const BLANK = new Set([0x20, 0x09, 0x0a, 0x0d])
const BOM = [0xef, 0xbb, 0xbf]
const OPEN_TAG = 0x3c

/**
 * Streams the text of the one XML file in a USPTO weekly ZIP (ipgYYMMDD.zip, ipaYYMMDD.zip), inflated as it
 * is read, in chunks, in constant memory whatever the size and however long its lines. `progress()` answers
 * the share of the entry's compressed bytes read so far. Iterating throws `ImportFileError` for an archive it refuses,
 * and closes the file however the iteration ends.
 */
export function readZipText(file: string) {
  const archive = path.basename(file)
  let read = 0
  let size = 0
  return {
    progress: () => (size === 0 ? 0 : read / size),
    async *[Symbol.asyncIterator](): AsyncGenerator<string> {
      // Left open once the entries are walked, for the one to be read; closed below whatever happens.
      // `validateEntrySizes` checks a stored entry's sizes; a deflated one's, entryGuard as it inflates.
      const zip = await openPromise(file, {
        lazyEntries: true,
        autoClose: false,
        validateEntrySizes: true,
      }).catch((error: unknown) => {
        throw refusal(archive, error)
      })
      let text: Readable | undefined
      try {
        const entry = checkEntry(archive, await onlyFile(archive, zip))
        // Raw bytes, inflated here: progress counts them as they are read.
        const raw = await zip.openReadStreamPromise(entry, { decodeFileData: false })
        text = entryGuard(archive, entry)
        const inflater = entry.compressionMethod === DEFLATED ? [zlib.createInflateRaw()] : []
        // Any stream's error destroys the last with it, which the reading below throws.
        pipeline([raw, ...inflater, text], () => {})
        size = entry.compressedSize
        raw.on('data', (chunk: Buffer) => {
          read += chunk.length
        })
        text.setEncoding('utf8')
        yield* text as AsyncIterable<string>
      } catch (error) {
        throw refusal(archive, error)
      } finally {
        text?.destroy()
        await closeZip(zip)
      }
    },
  }
}

/** yauzl's and zlib's errors as a refusal; the file system's (missing, unreadable) pass as they are. */
function refusal(archive: string, error: unknown) {
  if (error instanceof ImportFileError || (error as { syscall?: string } | null)?.syscall) return error
  const reason = (error instanceof Error ? error.message : String(error)).replace(/\.$/, '')
  return new ImportFileError(`${archive}: not a ZIP archive, or a damaged one (${reason}); ${EXPECTED}`, {
    cause: error,
  })
}

/** The archive's one file, directories and macOS's `__MACOSX/` metadata aside. */
async function onlyFile(archive: string, zip: ZipFile) {
  let first: Entry | undefined
  let count = 0
  const names: string[] = []
  for await (const entry of zip.eachEntry()) {
    if (entry.fileName.endsWith('/') || entry.fileName.startsWith('__MACOSX/')) continue
    count += 1
    first ??= entry
    if (names.length < 3) names.push(entry.fileName)
  }
  if (!first) throw new ImportFileError(`${archive} holds no file; ${EXPECTED}`)
  if (count > 1) {
    const listed = `${names.join(', ')}${count > names.length ? ', …' : ''}`
    throw new ImportFileError(`${archive} holds ${count} files (${listed}); ${EXPECTED}`)
  }
  return first
}

/** Refuses, from its header alone, an entry that cannot be a weekly XML file or would inflate too far. */
function checkEntry(archive: string, entry: Entry) {
  const name = `${archive}: ${entry.fileName}`
  if (entry.isEncrypted()) throw new ImportFileError(`${name} is encrypted; expected an unencrypted ZIP`)
  if (entry.compressionMethod !== DEFLATED && entry.compressionMethod !== STORED) {
    throw new ImportFileError(
      `${name} uses compression method ${entry.compressionMethod}; expected deflate (8) or none (0)`,
    )
  }
  if (!entry.fileName.toLowerCase().endsWith('.xml')) {
    throw new ImportFileError(`${name} is not an XML file (its name does not end in .xml); ${EXPECTED}`)
  }
  if (entry.uncompressedSize > MAX_INFLATED_BYTES) {
    throw new ImportFileError(
      `${name} declares ${gib(entry.uncompressedSize)} inflated, more than the ${gib(MAX_INFLATED_BYTES)} ` +
        'read from one weekly file (about 1 GiB)',
    )
  }
  if (entry.uncompressedSize > MAX_RATIO * entry.compressedSize) {
    throw new ImportFileError(
      `${name} declares ${entry.uncompressedSize} bytes inflated from ${entry.compressedSize}, more than ` +
        `${MAX_RATIO} times (XML inflates 8 to 15 times): refused as a decompression bomb`,
    )
  }
  return entry
}

const gib = (bytes: number) => `${(bytes / 2 ** 30).toFixed(1)} GiB`

/**
 * Passes the inflated bytes on while it checks them: never more than the header declares (yauzl's
 * `validateEntrySizes` check, which reading the raw bytes bypasses), text that begins as XML, and at the end
 * the declared size and CRC-32 (which yauzl leaves to its caller).
 */
function entryGuard(archive: string, entry: Entry) {
  const name = `${archive}: ${entry.fileName}`
  const declared = entry.uncompressedSize
  let inflated = 0
  let crc = 0
  let begun = false
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (inflated + chunk.length > declared) {
        return done(
          new ImportFileError(
            `${name} inflates past the ${declared} bytes its header declares: the archive is damaged or forged`,
          ),
        )
      }
      if (!begun) {
        const start = contentStart(chunk, inflated)
        if (start >= 0 && chunk[start] !== OPEN_TAG) {
          return done(
            new ImportFileError(
              `${name} does not begin as XML (its first characters are not "<?xml" or "<"); expected USPTO XML documents one after another`,
            ),
          )
        }
        begun = start >= 0
      }
      inflated += chunk.length
      crc = zlib.crc32(chunk, crc)
      done(null, chunk)
    },
    flush(done) {
      if (inflated < declared) {
        return done(
          new ImportFileError(
            `${name} inflates to ${inflated} bytes where its header declares ${declared}: the archive is damaged`,
          ),
        )
      }
      if (crc !== entry.crc32) {
        return done(new ImportFileError(`${name} fails its CRC-32 check: the archive is damaged`))
      }
      if (!begun) return done(new ImportFileError(`${name} is empty; expected USPTO XML documents`))
      done()
    },
  })
}

/** Where the chunk's first byte that is neither blank nor the byte-order mark is, or -1; `offset` in the entry. */
function contentStart(chunk: Buffer, offset: number) {
  for (const [index, byte] of chunk.entries()) {
    if (!BLANK.has(byte) && BOM[offset + index] !== byte) return index
  }
  return -1
}

/** Closes the archive and waits for its file to be closed, so that no refusal or early stop leaves it open. */
function closeZip(zip: ZipFile) {
  return new Promise<void>((resolve, reject) => {
    zip.once('close', resolve)
    zip.once('error', reject)
    zip.close()
  })
}
