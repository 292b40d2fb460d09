import path from 'node:path'
import { type analysisDocumentExtensions, analysisMessages } from '@patentdesk/contract/analysis'
import { fileTypeFromBuffer } from 'file-type'
import type { DocumentReader } from '~/document-reader/document-reader'
import type { DocumentKind } from '~/document-reader/read-task'
import { AppError } from '~/errors'

export type Extracted = { text: string; notes: string[] }

const documentError = (code: 'UNSUPPORTED_MEDIA_TYPE' | 'UNPROCESSABLE', message: string) =>
  new AppError(code, message, { document: message })

/** The reader for each accepted extension, and the type the bytes must have (DOCX may be detected as ZIP). */
type Rule = { kind: DocumentKind | 'legacy-word'; mimes: string[] }
const rules: Record<(typeof analysisDocumentExtensions)[number], Rule> = {
  '.pdf': { kind: 'pdf', mimes: ['application/pdf'] },
  '.docx': {
    kind: 'docx',
    mimes: ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'application/zip'],
  },
  '.doc': { kind: 'legacy-word', mimes: ['application/x-cfb'] },
  '.png': { kind: 'image', mimes: ['image/png'] },
  '.jpg': { kind: 'image', mimes: ['image/jpeg'] },
  '.jpeg': { kind: 'image', mimes: ['image/jpeg'] },
}
const expected = new Map<string, Rule>(Object.entries(rules))

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
  const rule = expected.get(path.extname(fileName).toLowerCase())
  if (!rule) throw documentError('UNSUPPORTED_MEDIA_TYPE', analysisMessages.unsupportedFile)
  const detected = (await fileTypeFromBuffer(bytes))?.mime
  if (!detected || !rule.mimes.includes(detected)) {
    throw documentError('UNSUPPORTED_MEDIA_TYPE', analysisMessages.corruptFile)
  }
  if (rule.kind === 'legacy-word') return { text: '', notes: [analysisMessages.legacyWord] }
  const outcome = await reader.read(rule.kind, 'text', bytes)
  if (!outcome.ok) throw documentError('UNPROCESSABLE', outcome.problem)
  return { text: outcome.text, notes: outcome.notes }
}
