import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import { parseDocdbDocument } from './docdb-xml'
import { parseEpDocument } from './ep-xml'
import { ImportFileError } from './import-file-error'
import { readLines } from './line-reader'
import type { PatentRecord } from './patent-record'
import { parseUsptoDocument } from './uspto-xml'
import { xmlElements } from './xml-elements'
import { readZipText } from './zip-text'

/** The files `import` reads, each recognised from its content, whatever its name. */
export type ImportFormat = 'json-lines' | 'uspto-xml' | 'ep-xml' | 'docdb-xml'

export const formatNames: Record<ImportFormat, string> = {
  'json-lines': 'JSON Lines in the corpus shape',
  'uspto-xml': 'USPTO full-text XML (us-patent-grant, us-patent-application)',
  'ep-xml': 'EPO publication-server XML (ep-patent-document)',
  'docdb-xml': 'EPO DOCDB bibliographic XML (exch:exchange-document)',
}

/** The elements each XML format holds one document in, and how one becomes a record. */
const documentsOf: Record<
  Exclude<ImportFormat, 'json-lines'>,
  { elements: string[]; parse: (xml: string) => PatentRecord }
> = {
  'uspto-xml': { elements: ['us-patent-grant', 'us-patent-application'], parse: parseUsptoDocument },
  'ep-xml': { elements: ['ep-patent-document'], parse: parseEpDocument },
  'docdb-xml': { elements: ['exchange-document'], parse: parseDocdbDocument },
}

/** What is read of a file to recognise it: a declaration, a document type and comments come first. */
const HEAD_CHARACTERS = 64 * 1024
const ROOT =
  /<(?:[A-Za-z][\w.-]{0,30}:)?(ep-patent-document|us-patent-grant|us-patent-application|exchange-documents?)[\s>/]/

type Packing = 'zip' | 'gzip' | 'plain'

function packingOf(file: string): Packing {
  const head = Buffer.alloc(4)
  const handle = fs.openSync(file, 'r')
  try {
    fs.readSync(handle, head, 0, 4, 0)
  } finally {
    fs.closeSync(handle)
  }
  if (head.readUInt32LE(0) === 0x04034b50) return 'zip'
  if (head[0] === 0x1f && head[1] === 0x8b) return 'gzip'
  return 'plain'
}

/** The file's text as it streams: unzipped, gunzipped or as it is; `progress()` by bytes of the file read. */
function textOf(file: string, packing: Packing) {
  if (packing === 'zip') {
    const text = readZipText(file)
    return { progress: text.progress, chunks: () => text[Symbol.asyncIterator]() }
  }
  const total = fs.statSync(file).size
  const raw = fs.createReadStream(file)
  const input = packing === 'gzip' ? raw.pipe(zlib.createGunzip()) : raw
  input.setEncoding('utf8')
  return {
    progress: () => (total === 0 ? 1 : raw.bytesRead / total),
    async *chunks() {
      try {
        yield* input as AsyncIterable<string>
      } finally {
        raw.destroy()
        input.destroy()
      }
    },
  }
}

async function headOf(file: string, packing: Packing) {
  let head = ''
  for await (const chunk of textOf(file, packing).chunks()) {
    head += chunk
    if (head.length >= HEAD_CHARACTERS) break
  }
  return head.replace(/^\uFEFF/, '')
}

/** The file's format from its first characters; an `ImportFileError` naming what it reads otherwise. */
async function formatOf(file: string, packing: Packing): Promise<ImportFormat> {
  const head = await headOf(file, packing)
  const root = ROOT.exec(head)?.[1]
  if (root === 'ep-patent-document') return 'ep-xml'
  if (root?.startsWith('exchange-document')) return 'docdb-xml'
  if (root) return 'uspto-xml'
  if (packing !== 'zip' && /^\s*(?:\{|$)/.test(head)) return 'json-lines'
  throw new ImportFileError(
    `${path.basename(file)} is not a file the importer reads: it takes ${Object.values(formatNames).join('; ')}; ` +
      'each as it is, gzipped, or (USPTO XML) in its weekly ZIP',
  )
}

/** The start of an office document that could not be read, for its refusal to name it. */
function documentNumberOf(xml: string) {
  const head = xml.slice(0, 4096)
  return (
    /\sdoc-number="([\w.-]{1,30})"/.exec(head)?.[1] ??
    /<doc-number>([\w.-]{1,30})<\/doc-number>/.exec(head)?.[1]
  )
}

function readDocument(xml: string, parse: (xml: string) => PatentRecord) {
  try {
    return { record: parse(xml) }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    return { error: message, reference: documentNumberOf(xml) }
  }
}

export type ImportDocument = { line: number; size: number } & (
  | { record: PatentRecord }
  | { json: string }
  | { error: string; reference: string | undefined }
)

/**
 * Opens an import file of any format `import` reads: the format found in its content, its progress, and
 * its documents one at a time (a JSON Lines line as text, an office document as its record or the reason
 * it is refused), in constant memory whatever the size. Throws `ImportFileError` for a file it does not read.
 */
export async function openImportFile(file: string) {
  if (!fs.statSync(file, { throwIfNoEntry: false })?.isFile())
    throw new ImportFileError(`${file} is not a file that can be read here: check its path`)
  const packing = packingOf(file)
  const format = await formatOf(file, packing)
  if (format === 'json-lines') {
    const lines = readLines(file, { gzip: packing === 'gzip' })
    return {
      format,
      progress: lines.progress,
      async *documents(): AsyncGenerator<ImportDocument> {
        for await (const line of lines)
          if (line.text.trim() !== '') yield { line: line.number, size: line.text.length, json: line.text }
      },
    }
  }
  const { elements, parse } = documentsOf[format]
  const text = textOf(file, packing)
  return {
    format,
    progress: text.progress,
    async *documents(): AsyncGenerator<ImportDocument> {
      for await (const element of xmlElements(text.chunks(), elements)) {
        if ('problem' in element) {
          yield { line: element.line, size: 0, error: element.problem, reference: undefined }
          continue
        }
        yield { line: element.line, size: element.xml.length, ...readDocument(element.xml, parse) }
      }
    },
  }
}
