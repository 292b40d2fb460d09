import { z } from 'zod'
import { IdParamsSchema, IdSchema } from './common'
import { contentNames, fileRules, kindNames } from './file-kinds'
import { limits } from './limits'

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
  wrongType: `File type must be ${kindNames(fileRules.upload)}.`,
  contentMismatch: `The file's content is not a ${contentNames(fileRules.upload)}, whatever its name says.`,
  tooLarge: `File is larger than ${fileRules.upload.maxBytes} bytes`,
  empty: 'File is empty.',
  tooMany: `Too many files: an application holds at most ${limits.documents.maxFiles} documents.`,
  missingFile: 'Attach the file in a multipart field named "file".',
  oneFilePerRequest: 'Send one file per request.',
  fileNameMax: 'The file name must not exceed 255 characters.',
  notFound: 'Document not found.',
  bytesMissing: "The document's file is missing from storage; upload it again.",
  tooManyPending: `You have ${limits.documents.maxPending} files uploaded and not yet saved with an application; save or remove some first.`,
  uploadGone:
    'An uploaded file is no longer available: files not saved with an application within a day are removed. Upload it again.',
  uploadTwice: 'Each uploaded file can be attached once.',
  storageFull: (megabytes: number) =>
    `Your documents may take at most ${megabytes} MB in all. Delete some to upload more.`,
} as const

export const ApplicationDocumentSchema = z.object({
  id: z.number().int(),
  fileName: z.string(),
  fileType: z.string(),
  documentType: DocumentTypeSchema,
  sizeBytes: z.number().int(),
  uploadedAt: z.string(),
})
export type ApplicationDocument = z.infer<typeof ApplicationDocumentSchema>
export const ApplicationDocumentListSchema = z.array(ApplicationDocumentSchema)

export const DocumentParamsSchema = IdParamsSchema.extend({ documentId: IdSchema })

/** A file uploaded as it was chosen, waiting for Save to attach it to an application (decision 18). */
export const PendingUploadSchema = z.object({
  id: z.uuid(),
  fileName: z.string(),
  fileType: z.string(),
  sizeBytes: z.number().int(),
  /** When the server removes it if no application has taken it. */
  expiresAt: z.string(),
})
export type PendingUpload = z.infer<typeof PendingUploadSchema>

/** A pending upload's id, as `POST /api/uploads` gave it. */
const UploadIdSchema = z.uuid('uploadId must be a UUID.')

export const UploadParamsSchema = z.object({ uploadId: UploadIdSchema })

export const AttachDocumentsSchema = z.object({
  uploads: z
    .array(z.object({ uploadId: UploadIdSchema, documentType: DocumentTypeSchema }))
    .min(1, 'Name at least one upload to attach.')
    .max(limits.documents.maxFiles, documentMessages.tooMany)
    .refine(
      (uploads) => new Set(uploads.map((u) => u.uploadId)).size === uploads.length,
      documentMessages.uploadTwice,
    ),
})
export type AttachDocuments = z.infer<typeof AttachDocumentsSchema>

/**
 * What the server says when a document's content cannot be read (analysis documents and uploads); each
 * answer names the problem. The limits themselves are server settings (docs/security.md).
 */
export const readingMessages = {
  unreadable: 'The document could not be read: it is damaged or incomplete.',
  tooManyPixels: (width: number, height: number, maxMegapixels: number) =>
    `The image is ${width} × ${height} pixels; images of at most ${maxMegapixels} megapixels can be read.`,
  tooMuchMarkup: (part: string, maxMegabytes: number) =>
    `The Word document's ${part} expands to more than ${maxMegabytes} MB; each part may expand to at most ${maxMegabytes} MB.`,
  tooMuchInflated: (maxMegabytes: number) =>
    `The document expands to more than ${maxMegabytes} MB when decompressed; at most ${maxMegabytes} MB can be read.`,
  tooManyParts: (maxParts: number) => `The Word document has more than ${maxParts} parts.`,
  tooSlow: (seconds: number) => `The document could not be read within ${seconds} seconds.`,
  tooMuchMemory: (megabytes: number) => `Reading the document needed more than ${megabytes} MB of memory.`,
  busy: 'The server is busy reading other documents. Please try again in a minute.',
  ocr: 'The document is an image: its text was read by OCR.',
  pagesRead: (read: number, total: number) => `Only the first ${read} of ${total} pages were read.`,
  // Two sentences: each reason is a sentence of its own, with a colon of its own ("could not be read: it is …").
  skipped: (fileName: string, reason: string) => `${fileName} was skipped. ${reason}`,
} as const
