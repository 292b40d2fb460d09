import {
  AnalysisRequestSchema,
  AnalysisResultSchema,
  analysisLimits,
  analysisMessages,
  SearchReportExportSchema,
} from '@patentdesk/contract/analysis'
import { ApplicationAnalysisSchema, ApplicationSearchReportSchema } from '@patentdesk/contract/applications'
import { IdParamsSchema } from '@patentdesk/contract/common'
import { fileRules } from '@patentdesk/contract/file-kinds'
import { limits } from '@patentdesk/contract/limits'
import { ReferenceParamsSchema } from '@patentdesk/contract/patents'
import type { App } from '~/app-type'
import { requireAdmin, requireUser } from '~/plugins/auth'
import { documentTypes, sendDownload } from '~/plugins/download'
import { parseFormFields, readMultipartForm } from '~/plugins/multipart-form'
import type { AnalysisService } from './analysis.service'

export function analysisRoutes(app: App, { analysis }: { analysis: AnalysisService }) {
  app.post(
    '/api/public/patents/comprehensive-analysis',
    {
      config: {
        openapi: {
          form: {
            fields: AnalysisRequestSchema,
            file: 'document',
            fileDescription:
              'Optional: a PDF, DOCX, JPG or PNG describing the invention, read with the text.',
          },
          errors: {
            413: 'The document or a field is larger than allowed.',
            415: 'The document is not of a type that is read.',
            422: 'The document could not be read, or the analysis took longer than allowed (`ANALYSIS_TIMEOUT_SECONDS`).',
            429: 'Too many analyses from this address this minute (`ANALYSIS_PER_MINUTE`); `Retry-After` says when to try again.',
            503: 'The document readers, the analysis engine or the patent index are busy; `Retry-After` says when to try again.',
          },
        },
      },
      schema: { response: { 200: AnalysisResultSchema } },
      // Counted before the form is read, so a client over its limit costs no upload, OCR or engine time.
      preHandler: (request) => analysis.limitPublicAnalysis(request.ip),
    },
    async (request) => {
      const form = await readMultipartForm(request, {
        fileField: 'document',
        maxBytes: fileRules.analysis.maxBytes,
        tooLarge: analysisMessages.tooLarge,
        missingFile: analysisMessages.missing,
        // UTF-8 takes at most 3 bytes per UTF-16 unit (what the schema's max counts): any valid text fits.
        maxFieldBytes: 3 * analysisLimits.description.max,
      })
      return analysis.analyze(parseFormFields(AnalysisRequestSchema, form.fields), form.file)
    },
  )

  app.get(
    '/api/public/patents/:reference/prior-art',
    {
      config: {
        openapi: {
          errors: {
            404: 'Neither the corpus nor a configured source knows the patent.',
            422: 'The analysis took longer than allowed (`ANALYSIS_TIMEOUT_SECONDS`).',
            429: 'Too many analyses from this address this minute (`ANALYSIS_PER_MINUTE`); `Retry-After` says when to try again.',
            503: 'The analysis engine or the patent index is busy; `Retry-After` says when to try again.',
          },
        },
      },
      schema: { params: ReferenceParamsSchema, response: { 200: AnalysisResultSchema } },
      preHandler: (request) => analysis.limitPublicAnalysis(request.ip),
    },
    (request) => analysis.priorArtFor(request.params.reference),
  )

  for (const format of ['pdf', 'docx'] as const) {
    app.post(
      `/api/public/search-report.${format}`,
      { bodyLimit: limits.searchReportExportBytes, schema: { body: SearchReportExportSchema } },
      async (request, reply) =>
        sendDownload(reply, {
          fileName: `search-report.${format}`,
          contentType: documentTypes[format],
          body: await analysis.exportSearchReport(request.body, format),
        }),
    )
  }

  app.get(
    '/api/patents/:id/analysis',
    { schema: { params: IdParamsSchema, response: { 200: ApplicationAnalysisSchema.nullable() } } },
    (request) => analysis.getForApplication(requireUser(request), request.params.id),
  )

  app.get(
    '/api/patents/:id/search-report',
    {
      schema: { params: IdParamsSchema, response: { 200: ApplicationSearchReportSchema.nullable() } },
    },
    (request) => analysis.getSearchReport(requireUser(request), request.params.id),
  )

  app.post(
    '/api/admin/patents/:id/analysis',
    { schema: { params: IdParamsSchema, response: { 201: ApplicationAnalysisSchema } } },
    async (request, reply) =>
      reply.status(201).send(await analysis.generateForApplication(requireAdmin(request), request.params.id)),
  )
}
