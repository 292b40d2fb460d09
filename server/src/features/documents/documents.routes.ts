import { IdParamsSchema, OkSchema } from '@patentdesk/contract/common'
import {
  DocumentListSchema,
  DocumentParamsSchema,
  DocumentSchema,
  DocumentTypeSchema,
} from '@patentdesk/contract/documents'
import { z } from 'zod'
import type { App } from '~/app'
import { requireUser } from '~/plugins/auth'
import { sendDownload } from '~/plugins/download'
import type { DocumentsService } from './documents.service'
import { readUpload } from './upload'

export function documentsRoutes(app: App, { documents }: { documents: DocumentsService }) {
  app.get(
    '/api/patents/:id/documents',
    { schema: { params: IdParamsSchema, response: { 200: DocumentListSchema } } },
    (request) => documents.list(requireUser(request), request.params.id),
  )

  app.post(
    '/api/patents/:id/documents',
    {
      config: {
        openapi: {
          form: {
            fields: z.object({ documentType: DocumentTypeSchema.optional() }),
            file: 'file',
            fileRequired: true,
            fileDescription: 'A PDF, JPG or PNG, checked by its content.',
          },
          errors: {
            409: 'The application cannot be edited any more, or holds the most documents it may.',
            413: 'The file is larger than allowed.',
            415: 'The file is not of an accepted type, or its content does not match its name.',
            422: 'The file could not be read.',
            503: 'The document readers are busy; `Retry-After` says when to try again.',
          },
        },
      },
      schema: { params: IdParamsSchema, response: { 201: DocumentSchema } },
    },
    async (request, reply) => {
      const document = await documents.upload(requireUser(request), request.params.id, () =>
        readUpload(request),
      )
      return reply.status(201).send(document)
    },
  )

  app.get(
    '/api/patents/:id/documents/:documentId/download',
    { schema: { params: DocumentParamsSchema } },
    async (request, reply) => {
      const { document, stream } = await documents.download(
        requireUser(request),
        request.params.id,
        request.params.documentId,
      )
      return sendDownload(reply, {
        fileName: document.fileName,
        contentType: document.fileType,
        body: stream,
        size: document.sizeBytes,
      })
    },
  )

  app.delete(
    '/api/patents/:id/documents/:documentId',
    { schema: { params: DocumentParamsSchema, response: { 200: OkSchema } } },
    async (request) => {
      await documents.remove(requireUser(request), request.params.id, request.params.documentId)
      return { ok: true as const }
    },
  )
}
