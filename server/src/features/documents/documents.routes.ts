import { IdParamsSchema, OkSchema } from '@patentdesk/contract/common'
import {
  ApplicationDocumentListSchema,
  ApplicationDocumentSchema,
  AttachDocumentsSchema,
  DocumentParamsSchema,
  DocumentTypeSchema,
  PendingUploadSchema,
  UploadParamsSchema,
} from '@patentdesk/contract/documents'
import { z } from 'zod'
import type { App } from '~/app-type'
import { requireUser } from '~/plugins/auth'
import { sendDownload } from '~/plugins/download'
import type { DocumentsService } from './documents.service'
import type { PendingUploadsService } from './pending-uploads.service'
import { readUpload } from './upload'

const fileErrors = {
  413: 'The file is larger than allowed.',
  415: 'The file is not of an accepted type, or its content does not match its name.',
  422: 'The file could not be read.',
  503: 'The document readers are busy; `Retry-After` says when to try again.',
}
const fileForm = {
  file: 'file',
  fileRequired: true,
  fileDescription: 'A PDF, JPG or PNG, checked by its content.',
} as const

export function documentsRoutes(
  app: App,
  { documents, pendingUploads }: { documents: DocumentsService; pendingUploads: PendingUploadsService },
) {
  app.get(
    '/api/patents/:id/documents',
    { schema: { params: IdParamsSchema, response: { 200: ApplicationDocumentListSchema } } },
    (request) => documents.list(requireUser(request), request.params.id),
  )

  app.post(
    '/api/patents/:id/documents',
    {
      config: {
        openapi: {
          form: { fields: z.object({ documentType: DocumentTypeSchema.optional() }), ...fileForm },
          errors: {
            409: 'The application cannot be edited any more, or holds the most documents it may.',
            ...fileErrors,
          },
        },
      },
      schema: { params: IdParamsSchema, response: { 201: ApplicationDocumentSchema } },
    },
    async (request, reply) => {
      const document = await documents.upload(requireUser(request), request.params.id, () =>
        readUpload(request),
      )
      return reply.status(201).send(document)
    },
  )

  app.post(
    '/api/patents/:id/documents/attach',
    {
      config: {
        openapi: {
          errors: {
            404: 'An upload is gone: removed, more than a day old, or not yours.',
            409: 'The application cannot be edited any more, or would hold more documents than it may.',
          },
        },
      },
      schema: {
        params: IdParamsSchema,
        body: AttachDocumentsSchema,
        response: { 201: ApplicationDocumentListSchema },
      },
    },
    async (request, reply) => {
      const attached = await documents.attach(requireUser(request), request.params.id, request.body)
      return reply.status(201).send(attached)
    },
  )

  // Files uploaded as they are chosen wait here until Save attaches them, or a day passes (decision 18).
  app.post(
    '/api/uploads',
    {
      config: {
        openapi: {
          form: fileForm,
          errors: { 409: 'The user holds the most unattached uploads allowed.', ...fileErrors },
        },
      },
      schema: { response: { 201: PendingUploadSchema } },
    },
    async (request, reply) => {
      const upload = await pendingUploads.create(requireUser(request), () => readUpload(request))
      return reply.status(201).send(upload)
    },
  )

  app.delete(
    '/api/uploads/:uploadId',
    {
      config: { openapi: { errors: { 404: 'No such upload of yours.' } } },
      schema: { params: UploadParamsSchema, response: { 200: OkSchema } },
    },
    async (request) => {
      await pendingUploads.remove(requireUser(request), request.params.uploadId)
      return { ok: true as const }
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
