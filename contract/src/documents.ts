import { z } from 'zod'
import { limits } from './limits'

/** Supporting documents: PDF, JPG, JPEG, PNG (spec §5), as MIME type → extensions (react-dropzone's `accept`). */
export const acceptedDocumentTypes = {
  'application/pdf': ['.pdf'],
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/png': ['.png'],
} as const
export type DocumentMimeType = keyof typeof acceptedDocumentTypes

export const documentTypes = ['supporting', 'drawings', 'specification', 'prior_art', 'other'] as const
export const DocumentTypeSchema = z.enum(
  documentTypes,
  `documentType must be one of ${documentTypes.join(', ')}.`,
)
export type DocumentType = z.infer<typeof DocumentTypeSchema>
export const documentTypeLabels: Record<DocumentType, string> = {
  supporting: 'Supporting document',
  drawings: 'Drawings',
  specification: 'Specification',
  prior_art: 'Prior art',
  other: 'Other',
}

export const documentMessages = {
  wrongType: 'File type must be PDF, JPG, JPEG or PNG.',
  contentMismatch: "The file's content is not a PDF, JPG or PNG, whatever its name says.",
  tooLarge: `File is larger than ${limits.documents.maxBytes} bytes`,
  empty: 'File is empty.',
  tooMany: `Too many files: an application holds at most ${limits.documents.maxFiles} documents.`,
  missingFile: 'Attach the file in a multipart field named "file".',
  oneFilePerRequest: 'Send one file per request.',
  fileNameMax: 'The file name must not exceed 255 characters.',
  notFound: 'Document not found.',
} as const

export const DocumentSchema = z.object({
  id: z.number().int(),
  fileName: z.string(),
  fileType: z.string(),
  documentType: DocumentTypeSchema,
  sizeBytes: z.number().int(),
  uploadedAt: z.string(),
})
export type PatentDocument = z.infer<typeof DocumentSchema>
export const DocumentListSchema = z.array(DocumentSchema)

export const DocumentParamsSchema = z.object({
  id: z.coerce.number().int('id must be a whole number').positive('id must be a positive number'),
  documentId: z.coerce
    .number()
    .int('documentId must be a whole number')
    .positive('documentId must be a positive number'),
})
