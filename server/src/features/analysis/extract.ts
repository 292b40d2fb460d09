import { analysisMessages } from '@patentdesk/contract/analysis'
import { fileRules } from '@patentdesk/contract/file-kinds'
import type { DocumentReader } from '~/document-reader/document-reader'
import { checkFileKind } from '~/document-reader/file-kind'
import { AppError } from '~/errors'

export type Extracted = { text: string; notes: string[] }

const documentError = (code: 'UNSUPPORTED_MEDIA_TYPE' | 'UNPROCESSABLE', message: string) =>
  new AppError(code, message, { document: message })

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
  const kind = await checkFileKind(fileRules.analysis, fileName, bytes)
  if (!kind.ok)
    throw documentError(
      'UNSUPPORTED_MEDIA_TYPE',
      kind.problem === 'name' ? analysisMessages.unsupportedFile : analysisMessages.corruptFile,
    )
  // No reader takes a legacy Word file (.doc): the analysis goes on without it, and says so.
  if (!kind.reader) return { text: '', notes: [analysisMessages.legacyWord] }
  const outcome = await reader.read(kind.reader, 'text', bytes)
  if (!outcome.ok) throw documentError('UNPROCESSABLE', outcome.problem)
  return { text: outcome.text, notes: outcome.notes }
}
