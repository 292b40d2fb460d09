import {
  AnalysisRequestSchema,
  analysisDocumentExtensions,
  analysisLimits,
  analysisMessages,
} from '@patentdesk/contract/analysis'
import { z } from 'zod'

const hasAcceptedExtension = (file: File) =>
  analysisDocumentExtensions.some((extension) => file.name.toLowerCase().endsWith(extension))

/** The server checks the document too; checking here spares uploading 10 MB only to be refused. */
const DocumentSchema = z
  .instanceof(File)
  .refine(hasAcceptedExtension, analysisMessages.unsupportedFile)
  .refine((file) => file.size <= analysisLimits.documentBytes, analysisMessages.tooLarge)
  .nullable()

export const AnalysisFormSchema = AnalysisRequestSchema.extend({ document: DocumentSchema })
export type AnalysisFormValues = z.infer<typeof AnalysisFormSchema>

/** The file input's accept list (spec §9). */
export const documentAccept = analysisDocumentExtensions.join(',')
