import type { FastifyReply } from 'fastify'

/** RFC 6266: an ASCII fallback name plus the exact UTF-8 name. */
function contentDisposition(fileName: string) {
  const fallback = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(fileName)}`
}

/** The content types of the documents the API writes (an application's export, a search report). */
export const documentTypes = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
} as const

/** Answers a file to save (never to render in the page), whatever its origin. */
export function sendDownload(
  reply: FastifyReply,
  file: {
    fileName: string
    contentType: string
    body: Buffer | string | NodeJS.ReadableStream
    size?: number
  },
) {
  reply
    .type(file.contentType)
    .header('content-disposition', contentDisposition(file.fileName))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'no-store')
  if (file.size !== undefined) reply.header('content-length', file.size)
  return reply.send(file.body)
}
