import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Options, ZipFile } from 'yazl'
import { writeUsptoWeeklyZip } from '~/test/uspto-weekly-zip'
import { ImportFileError } from './import-file-error'
import { type Line, readLines } from './line-reader'
import { parseUsptoDocument } from './uspto-xml'
import { readZipText } from './zip-text'

const fixture = path.join(import.meta.dirname, 'fixtures', 'uspto-grants.xml')
const xml = fs.readFileSync(fixture)
let folder: string
beforeAll(() => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'zip-text-'))
})
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }))

type ZipEntry = { name: string; content: Buffer | Readable; options?: Partial<Options> }

/** A ZIP at a new path in the test's folder, written by yazl as any archiver would (a name ending in / a folder). */
async function writeZip(name: string, entries: ZipEntry[]) {
  const file = path.join(folder, name)
  const zip = new ZipFile()
  for (const { name, content, options } of entries) {
    if (name.endsWith('/')) zip.addEmptyDirectory(name)
    else if (Buffer.isBuffer(content)) zip.addBuffer(content, name, options)
    else zip.addReadStream(content, name, options)
  }
  zip.end()
  await pipeline(zip.outputStream, fs.createWriteStream(file))
  return file
}

const weeklyZip = (name: string, options?: Partial<Options>) =>
  writeZip(name, [{ name: 'ipg180619.xml', content: xml, options }])

/** The lines of a text read in chunks, numbered as readLines numbers them (no last empty line). */
async function linesOf(chunks: AsyncIterable<string>) {
  let text = ''
  for await (const chunk of chunks) text += chunk
  const lines = text.split(/\r?\n/)
  if (lines.at(-1) === '') lines.pop()
  return lines.map((line, i): Line => ({ number: i + 1, text: line }))
}

async function refusalOf(file: string) {
  const error = await linesOf(readZipText(file)).then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(ImportFileError)
  return (error as ImportFileError).message
}

/**
 * Rewrites the one entry's record in the central directory, where a reader takes its flags, CRC-32 and
 * sizes from. A ZIP64 record keeps its sizes in its extra field, which yazl writes alone with
 * `forceDosTimestamp`: uncompressed 4 bytes in, compressed 12.
 */
function patchEntry(
  file: string,
  patch: { encrypted?: true; crc?: number; uncompressed?: number; compressed?: number },
) {
  const zip = fs.readFileSync(file)
  const end = zip.length - 22
  expect(zip.readUInt32LE(end)).toBe(0x06054b50)
  const record = zip.readUInt32LE(end + 16)
  expect(zip.readUInt32LE(record)).toBe(0x02014b50)
  if (patch.encrypted) zip.writeUInt16LE(zip.readUInt16LE(record + 8) | 1, record + 8)
  if (patch.crc !== undefined) zip.writeUInt32LE(patch.crc, record + 16)
  const zip64 = zip.readUInt32LE(record + 24) === 0xffffffff ? record + 46 + zip.readUInt16LE(record + 28) : 0
  const size = (value: number | undefined, field: number, zip64Field: number) => {
    if (value === undefined) return
    if (zip64) zip.writeBigUInt64LE(BigInt(value), zip64 + zip64Field)
    else zip.writeUInt32LE(value, record + field)
  }
  size(patch.uncompressed, 24, 4)
  size(patch.compressed, 20, 12)
  fs.writeFileSync(file, zip)
}

/** This process's descriptors open on `file` (Linux). */
function handlesOn(file: string) {
  const real = fs.realpathSync(file)
  return fs.readdirSync('/proc/self/fd').filter((fd) => {
    try {
      return fs.readlinkSync(`/proc/self/fd/${fd}`) === real
    } catch {
      return false // closed while listed
    }
  }).length
}

describe('readZipText', () => {
  it.each([
    ['deflated', {}],
    ['stored', { compress: false }],
  ])('reads the text of a %s XML file as it is in the file itself', async (kind, options) => {
    const file = await weeklyZip(`fixture-${kind}.zip`, options)
    const text = readZipText(file)
    expect(text.progress()).toBe(0)
    const read = await linesOf(text)
    const lines: Line[] = []
    for await (const line of readLines(fixture)) lines.push(line)
    expect(read).toEqual(lines)
    expect(text.progress()).toBe(1)
  })

  it('ignores directories and macOS metadata beside the XML file', async () => {
    const file = await writeZip('with-folders.zip', [
      { name: 'ipg180619/', content: Buffer.alloc(0) },
      { name: '__MACOSX/._ipg180619.xml', content: Buffer.from('metadata') },
      { name: 'ipg180619/ipg180619.xml', content: Buffer.from(`\uFEFF\n  ${xml}`) },
    ])
    const read = await linesOf(readZipText(file))
    expect(read.map((l) => l.text).join('\n')).toBe(`\uFEFF\n  ${xml}`.trimEnd())
  })

  it('refuses an archive of several files, naming how many', async () => {
    const file = await writeZip('several.zip', [
      { name: 'ipg180619.xml', content: xml },
      { name: 'ipg180626.xml', content: xml },
      { name: 'notes.txt', content: Buffer.from('notes') },
    ])
    expect(await refusalOf(file)).toBe(
      'several.zip holds 3 files (ipg180619.xml, ipg180626.xml, notes.txt); a USPTO weekly archive ' +
        '(such as ipg241231.zip or ipa241231.zip) holds one XML file',
    )
  })

  it('refuses a file that is not XML, by its name or by its first bytes', async () => {
    const named = await writeZip('named.zip', [{ name: 'ipg180619.txt', content: xml }])
    expect(await refusalOf(named)).toMatch(/^named\.zip: ipg180619\.txt is not an XML file/)
    const pdf = await writeZip('pdf.zip', [{ name: 'ipg180619.xml', content: Buffer.from('\n\n%PDF-1.4\n') }])
    expect(await refusalOf(pdf)).toMatch(
      /ipg180619\.xml does not begin as XML \(its first characters are not/,
    )
    const blank = await writeZip('blank.zip', [{ name: 'ipg180619.xml', content: Buffer.from(' \n\r\n') }])
    expect(await refusalOf(blank)).toBe('blank.zip: ipg180619.xml is empty; expected USPTO XML documents')
  })

  it('refuses an empty archive, and bytes that are no archive', async () => {
    expect(await refusalOf(await writeZip('empty.zip', []))).toMatch(/^empty\.zip holds no file; /)
    const garbage = path.join(folder, 'ipg180619.zip')
    fs.writeFileSync(garbage, randomBytes(10_000))
    expect(await refusalOf(garbage)).toMatch(
      /^ipg180619\.zip: not a ZIP archive, or a damaged one \(End of central directory record signature not found\. Either not a zip file, or file is truncated\); a USPTO/,
    )
    const missing = path.join(folder, 'missing.zip')
    await expect(linesOf(readZipText(missing))).rejects.toMatchObject({ code: 'ENOENT' })
  })

  it('refuses a damaged archive: cut short, or data that fails its CRC-32', async () => {
    const cut = await weeklyZip('cut.zip')
    fs.truncateSync(cut, fs.statSync(cut).size - 30)
    expect(await refusalOf(cut)).toMatch(/^cut\.zip: not a ZIP archive, or a damaged one/)
    const crc = await weeklyZip('crc.zip')
    patchEntry(crc, { crc: 0x12345678 })
    expect(await refusalOf(crc)).toBe('crc.zip: ipg180619.xml fails its CRC-32 check: the archive is damaged')
  })

  it('refuses an encrypted entry', async () => {
    const file = await weeklyZip('encrypted.zip')
    patchEntry(file, { encrypted: true })
    expect(await refusalOf(file)).toBe(
      'encrypted.zip: ipg180619.xml is encrypted; expected an unencrypted ZIP',
    )
  })

  it('stops at the size a lying header declares, having passed on no more', async () => {
    const file = path.join(folder, 'understated.zip')
    await writeUsptoWeeklyZip(file, { grants: 500 })
    const declared = 64 * 1024
    patchEntry(file, { uncompressed: declared })
    const lines = readZipText(file)
    let bytes = 0
    const refusal = await (async () => {
      for await (const chunk of lines) bytes += Buffer.byteLength(chunk)
    })().catch((e: unknown) => e)
    expect(refusal).toBeInstanceOf(ImportFileError)
    expect((refusal as Error).message).toBe(
      `understated.zip: ipg241231.xml inflates past the ${declared} bytes its header declares: the archive is damaged or forged`,
    )
    expect(bytes).toBeLessThanOrEqual(declared)
    expect(lines.progress()).toBeLessThan(0.2)
  })

  it('refuses an entry inflating 1,000 times before inflating any of it', async () => {
    const chunk = Buffer.alloc(2 ** 20, '<')
    const bomb = Readable.from(
      (function* () {
        for (let i = 0; i < 200; i += 1) yield chunk
      })(),
    )
    const file = await writeZip('bomb.zip', [{ name: 'ipg180619.xml', content: bomb }])
    expect(fs.statSync(file).size).toBeLessThan(2 ** 20)
    const lines = readZipText(file)
    const refusal = await linesOf(lines).catch((e: unknown) => e)
    expect((refusal as Error).message).toMatch(
      /^bomb\.zip: ipg180619\.xml declares 209715200 bytes inflated from \d+, more than 100 times .* decompression bomb$/,
    )
    expect(lines.progress()).toBe(0)
  })

  it('refuses a header declaring more than 16 GiB, before reading', async () => {
    const file = await weeklyZip('huge.zip', { forceZip64Format: true, forceDosTimestamp: true })
    patchEntry(file, { uncompressed: 17 * 2 ** 30, compressed: 2 ** 30 })
    expect(await refusalOf(file)).toBe(
      'huge.zip: ipg180619.xml declares 17.0 GiB inflated, more than the 16.0 GiB read from one weekly file (about 1 GiB)',
    )
  })

  it('closes the file however the reading ends', async () => {
    // Large enough to be stopped in the middle of its compressed bytes.
    const file = path.join(folder, 'early.zip')
    await writeUsptoWeeklyZip(file, { grants: 500 })
    const lines = readZipText(file)
    for await (const chunk of lines) {
      expect(chunk.startsWith('<?xml')).toBe(true)
      expect(handlesOn(file)).toBe(1)
      break
    }
    expect(handlesOn(file)).toBe(0)
    // Stopping stops the reading: the rest of the archive is not inflated on the way to closing it.
    expect(lines.progress()).toBeLessThan(0.2)

    const thrown = new Error('the consumer gave up')
    await expect(
      (async () => {
        for await (const _ of readZipText(file)) throw thrown
      })(),
    ).rejects.toBe(thrown)
    expect(handlesOn(file)).toBe(0)

    patchEntry(file, { uncompressed: 100 })
    await refusalOf(file)
    expect(handlesOn(file)).toBe(0)
  })
})

describe('writeUsptoWeeklyZip', () => {
  it('writes a weekly archive whose grants read back as documents, each its own', async () => {
    const file = path.join(folder, 'ipg241231.zip')
    await writeUsptoWeeklyZip(file, { grants: 20 })
    const text = (await linesOf(readZipText(file))).map((l) => l.text).join('\n')
    const documents = text.split('\n<?xml').map((d, i) => (i === 0 ? d : `<?xml${d}`))
    expect(documents).toHaveLength(20)
    for (const document of documents) expect(document.startsWith('<?xml')).toBe(true)
    const records = documents.map(parseUsptoDocument)
    expect(new Set(records.map((r) => r.reference)).size).toBe(20)
    expect(new Set(records.map((r) => r.title)).size).toBe(20)
    expect(records[0]).toMatchObject({
      reference: 'US12178001B2',
      documentType: 'grant',
      grantDate: '2024-12-31',
    })
    for (const document of documents) expect(document.length).toBeGreaterThan(8_000)
  })
})
