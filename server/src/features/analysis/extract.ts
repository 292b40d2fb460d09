import path from 'node:path'
import { type analysisDocumentExtensions, analysisMessages } from '@patentdesk/contract/analysis'
import { fileTypeFromBuffer } from 'file-type'
import type { DocumentReader } from '~/document-reader/document-reader'
import { kindOfMime } from '~/document-reader/kind'
import { AppError } from '~/errors'

export type Extracted = { text: string; notes: string[] }

const documentError = (code: 'UNSUPPORTED_MEDIA_TYPE' | 'UNPROCESSABLE', message: string) =>
  new AppError(code, message, { document: message })

/** The types the bytes may have for each accepted extension, its own first (DOCX may be detected as ZIP). */
const mimesByExtension: Record<(typeof analysisDocumentExtensions)[number], string[]> = {
  '.pdf': ['application/pdf'],
  '.docx': ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'application/zip'],
  '.doc': ['application/x-cfb'],
  '.png': ['image/png'],
  '.jpg': ['image/jpeg'],
  '.jpeg': ['image/jpeg'],
}
const expected = new Map<string, string[]>(Object.entries(mimesByExtension))

/**
 * The text of an analysis document. Its type is checked here from the bytes, which must agree with the
 * name (415); the content is read in the document reader's worker threads, where a damaged document or
 * one over a limit becomes a 422 naming the problem. A legacy .doc gives a note instead of text.
 */
export async function extractDocumentText(
  reader: DocumentReader,
  fileName: string,
  bytes: Buffer,
): Promise<Extracted> {
  const mimes = expected.get(path.extname(fileName).toLowerCase())
  if (!mimes) throw documentError('UNSUPPORTED_MEDIA_TYPE', analysisMessages.unsupportedFile)
  const detected = (await fileTypeFromBuffer(bytes))?.mime
  if (!detected || !mimes.includes(detected)) {
    throw documentError('UNSUPPORTED_MEDIA_TYPE', analysisMessages.corruptFile)
  }
  // No reader takes a legacy Word file (.doc): the analysis goes on without it, and says so.
  const kind = kindOfMime(mimes[0] as string)
  if (!kind) return { text: '', notes: [analysisMessages.legacyWord] }
  const outcome = await reader.read(kind, 'text', bytes)
  if (!outcome.ok) throw documentError('UNPROCESSABLE', outcome.problem)
  return { text: outcome.text, notes: outcome.notes }
}
