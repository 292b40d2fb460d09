import { AnalysisRequestSchema, analysisMessages, priorityDateField } from '@patentdesk/contract/analysis'
import { UkDateTextSchema } from '@patentdesk/contract/common'
import { claimedKind, fileRules, kindNames, maxMegabytes } from '@patentdesk/contract/file-kinds'
import { z } from 'zod'

const rule = fileRules.analysis

/** The server checks the document too (by its content); checking here spares uploading it only to be refused. */
const DocumentSchema = z
  .instanceof(File)
  .refine((file) => claimedKind(rule, file.name) !== undefined, analysisMessages.unsupportedFile)
  .refine((file) => file.size <= rule.maxBytes, analysisMessages.tooLarge)
  .nullable()

/** The server's rules, with the date typed dd/mm/yyyy as every date field of the client is. */
export const AnalysisFormSchema = AnalysisRequestSchema.extend({
  document: DocumentSchema,
  priorityDate: priorityDateField(UkDateTextSchema),
})
/** What the fields hold (the date as typed) and what a valid form gives (the date as YYYY-MM-DD). */
export type AnalysisFormInput = z.input<typeof AnalysisFormSchema>
export type AnalysisFormValues = z.output<typeof AnalysisFormSchema>

/** The file input's accept list (docs/product.md, Analysis). */
export const documentAccept = rule.extensions.join(',')
/** What the field takes: `PDF, DOC, DOCX, JPG, JPEG or PNG, up to 10 MB`. */
export const documentHint = `${kindNames(rule)}, up to ${maxMegabytes(rule)} MB`
