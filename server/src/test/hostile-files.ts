/**
 * Hostile documents for the reader's tests and bench:hostile, made on the spot: broken and truncated
 * images, a valid PNG of hundreds of megapixels, a DOCX whose markup inflates far beyond its size
 * (optionally with a ZIP directory that lies about it, or in a part of any name), a PDF whose content
 * stream inflates far beyond its size, a PDF of thousands of pages, a corrupt PDF.
 */
import { once } from 'node:events'
import zlib from 'node:zlib'
import PDFDocument from 'pdfkit'

/** A JPEG that starts right (SOI, JFIF header) and then is garbage, 100 bytes in all. */
export function garbageJpeg() {
  const start = Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex')
  return Buffer.concat([start, Buffer.alloc(100 - start.length, 0x41)])
}

/**
 * A JPEG whose header is whole (a 64 × 64 frame, so header checks pass) and whose image data is garbage:
 * only decoding finds it broken, as with a photo cut off in transfer.
 */
export function jpegWithGarbageData() {
  const frame = Buffer.from('ffc0000b080040004001011100', 'hex') // SOF0: 8 bits, 64 × 64, one component
  return Buffer.concat([garbageJpeg().subarray(0, 20), frame, Buffer.alloc(200, 0x41)])
}

export const corruptPdf = () =>
  Buffer.from('%PDF-1.7\n1 0 obj <</Type /Catalog /Pages 9 0 R>>\ngarbage\x00\xff')

/** Deflates `size` bytes of `fill` without ever holding them: a few hundred KB for hundreds of MB. */
async function deflateRepeated(size: number, fill: number, raw = false) {
  const deflate = raw ? zlib.createDeflateRaw({ level: 9 }) : zlib.createDeflate({ level: 9 })
  const compressed: Buffer[] = []
  deflate.on('data', (chunk: Buffer) => compressed.push(chunk))
  const ended = once(deflate, 'end')
  const block = Buffer.alloc(1 << 20, fill)
  let crc = 0
  for (let left = size; left > 0; left -= block.length) {
    const part = block.subarray(0, Math.min(left, block.length))
    crc = zlib.crc32(part, crc)
    if (!deflate.write(part)) await once(deflate, 'drain')
  }
  deflate.end()
  await ended
  return { data: Buffer.concat(compressed), crc }
}

const pngSignature = Buffer.from('89504e470d0a1a0a', 'hex')

function pngChunk(type: string, data: Buffer) {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const frame = Buffer.alloc(8)
  frame.writeUInt32BE(data.length, 0)
  frame.writeUInt32BE(zlib.crc32(body), 4)
  return Buffer.concat([frame.subarray(0, 4), body, frame.subarray(4)])
}

function ihdr(width: number, height: number) {
  const data = Buffer.alloc(13)
  data.writeUInt32BE(width, 0)
  data.writeUInt32BE(height, 4)
  data.writeUInt8(8, 8) // 8 bits per sample, greyscale (colour type 0)
  return pngChunk('IHDR', data)
}

/** A PNG cut off inside its header chunk. */
export const truncatedPng = () => Buffer.concat([pngSignature, ihdr(640, 480)]).subarray(0, 20)

/** A valid greyscale PNG of `width` × `height` black pixels. */
export async function hugePng(width: number, height: number) {
  // Each row is a filter byte (0) and black pixels (0): the image data is all zeros.
  const { data } = await deflateRepeated((width + 1) * height, 0)
  return Buffer.concat([
    pngSignature,
    ihdr(width, height),
    pngChunk('IDAT', data),
    pngChunk('IEND', Buffer.alloc(0)),
  ])
}

type ZipEntry = { name: string; data: Buffer; crc: number; size: number }

async function zipEntry(name: string, text: string): Promise<ZipEntry> {
  const bytes = Buffer.from(text)
  return { name, data: zlib.deflateRawSync(bytes), crc: zlib.crc32(bytes), size: bytes.length }
}

/** A ZIP archive of deflated entries, each declaring `size` as its inflated size. */
function zipArchive(entries: ZipEntry[]) {
  const locals: Buffer[] = []
  const centrals: Buffer[] = []
  let offset = 0
  for (const entry of entries) {
    const name = Buffer.from(entry.name)
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4)
    local.writeUInt16LE(8, 8) // deflate
    local.writeUInt16LE(0x21, 12) // 1 January 1980
    local.writeUInt32LE(entry.crc, 14)
    local.writeUInt32LE(entry.data.length, 18)
    local.writeUInt32LE(entry.size, 22)
    local.writeUInt16LE(name.length, 26)
    const central = Buffer.alloc(46)
    central.writeUInt32LE(0x02014b50, 0)
    central.writeUInt16LE(20, 4)
    central.writeUInt16LE(20, 6)
    local.copy(central, 10, 8, 28) // method, time, date, crc, sizes, name length
    central.writeUInt32LE(offset, 42)
    locals.push(local, name, entry.data)
    centrals.push(central, name)
    offset += local.length + name.length + entry.data.length
  }
  const directory = Buffer.concat(centrals)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(entries.length, 8)
  end.writeUInt16LE(entries.length, 10)
  end.writeUInt32LE(directory.length, 12)
  end.writeUInt32LE(offset, 16)
  return Buffer.concat([...locals, directory, end])
}

const contentTypes =
  '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/></Types>'

const relationships = (type: string, target: string) =>
  `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/${type}" Target="${target}"/></Relationships>`

/**
 * A DOCX with a part that inflates to `inflatedBytes` (of plain spaces). By default the part is the main
 * document, word/document.xml; `part` names it otherwise (`_rels/.rels` then points there, as it may:
 * mammoth reads whatever it names). With `styles`, the main document is small and whole and the bomb is
 * its styles part under that name. With `lie`, the ZIP directory claims the part is 1 KB, as a crafted
 * bomb would.
 */
export async function docxBomb(
  inflatedBytes: number,
  { lie = false, part = 'word/document.xml', styles = false } = {},
) {
  const { data, crc } = await deflateRepeated(inflatedBytes, 0x20, true)
  const bomb = { name: part, data, crc, size: lie ? 1024 : inflatedBytes }
  const main = styles ? 'word/document.xml' : part
  const entries = [
    await zipEntry('[Content_Types].xml', contentTypes),
    await zipEntry('_rels/.rels', relationships('officeDocument', main)),
  ]
  if (!styles) return zipArchive([...entries, bomb])
  const body =
    '<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>Small.</w:t></w:r></w:p></w:body></w:document>'
  const styleTarget = part.replace(/^word\//, '')
  return zipArchive([
    ...entries,
    await zipEntry('word/document.xml', body),
    await zipEntry('word/_rels/document.xml.rels', relationships('styles', styleTarget)),
    bomb,
  ])
}

/** A small DOCX carrying `count` further parts of `partBytes` each (of spaces): many parts within the part limit. */
export async function docxWithManyParts(count: number, partBytes: number) {
  const { data, crc } = await deflateRepeated(partBytes, 0x20, true)
  const body =
    '<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>Small.</w:t></w:r></w:p></w:body></w:document>'
  return zipArchive([
    await zipEntry('[Content_Types].xml', contentTypes),
    await zipEntry('_rels/.rels', relationships('officeDocument', 'word/document.xml')),
    await zipEntry('word/document.xml', body),
    ...Array.from({ length: count }, (_, index) => ({
      name: `word/media/part${index}.bin`,
      data,
      crc,
      size: partBytes,
    })),
  ])
}

/**
 * A one-page PDF whose content stream is `inflatedBytes` of spaces, Flate-compressed: about 1 KB per MB.
 * pdf.js inflates a page's content whole to read its text.
 */
export async function pdfStreamBomb(inflatedBytes: number) {
  const { data } = await deflateRepeated(inflatedBytes, 0x20)
  const objects = [
    Buffer.from('<< /Type /Catalog /Pages 2 0 R >>'),
    Buffer.from('<< /Type /Pages /Kids [3 0 R] /Count 1 >>'),
    Buffer.from('<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R >>'),
    Buffer.concat([
      Buffer.from(`<< /Length ${data.length} /Filter /FlateDecode >>\nstream\n`),
      data,
      Buffer.from('\nendstream'),
    ]),
  ]
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n')]
  const offsets: number[] = []
  let offset = parts[0]?.length ?? 0
  for (const [index, body] of objects.entries()) {
    const object = Buffer.concat([Buffer.from(`${index + 1} 0 obj\n`), body, Buffer.from('\nendobj\n')])
    offsets.push(offset)
    parts.push(object)
    offset += object.length
  }
  const xref = [
    'xref',
    `0 ${objects.length + 1}`,
    '0000000000 65535 f ',
    ...offsets.map((at) => `${String(at).padStart(10, '0')} 00000 n `),
    'trailer',
    `<< /Size ${objects.length + 1} /Root 1 0 R >>`,
    'startxref',
    String(offset),
    '%%EOF',
  ]
  parts.push(Buffer.from(`${xref.join('\n')}\n`))
  return Buffer.concat(parts)
}

/** A real PDF of `pages` pages, each with a line of text. */
export async function manyPagesPdf(pages: number) {
  const pdf = new PDFDocument({ autoFirstPage: false, compress: true })
  const chunks: Buffer[] = []
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk))
  const ended = once(pdf, 'end')
  for (let page = 1; page <= pages; page += 1)
    pdf.addPage({ size: 'A6' }).text(`Page ${page} of a long filing.`)
  pdf.end()
  await ended
  return Buffer.concat(chunks)
}
