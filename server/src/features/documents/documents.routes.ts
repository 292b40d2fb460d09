import { IdParamsSchema, OkSchema } from '@patentdesk/contract/common'
import { DocumentListSchema, DocumentParamsSchema, DocumentSchema } from '@patentdesk/contract/documents'
import type { App } from '~/app'
import { requireUser } from '~/plugins/auth'
import type { DocumentsService } from './documents.service'
import { readUpload } from './upload'

/** RFC 6266: an ASCII fallback name plus the exact UTF-8 name. */
function contentDisposition(fileName: string) {
  const fallback = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(fileName)}`
}

export function documentsRoutes(app: App, { documents }: { documents: DocumentsService }) {
  app.get(
    '/api/patents/:id/documents',
    { schema: { params: IdParamsSchema, response: { 200: DocumentListSchema } } },
    (request) => documents.list(requireUser(request), request.params.id),
  )

  app.post(
    '/api/patents/:id/documents',
    { schema: { params: IdParamsSchema, response: { 201: DocumentSchema } } },
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
      return reply
        .type(document.fileType)
        .header('content-length', document.sizeBytes)
        .header('content-disposition', contentDisposition(document.fileName))
        .header('x-content-type-options', 'nosniff')
        .send(stream)
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
