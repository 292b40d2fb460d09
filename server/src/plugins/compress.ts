import compress from '@fastify/compress'
import type { FastifyInstance } from 'fastify'

/**
 * Brotli (quality 4, the plugin's default for answers made on the fly) or gzip for text answers over 1 KB:
 * the client's JavaScript and CSS, JSON, CSV and calendar downloads, streamed ones included. PDF, DOCX and
 * images are left as they are, as are range answers. Register before any route: it attaches to each route as
 * the route is added. Request bodies are never decompressed; the body limit counts the bytes sent.
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(compress, { encodings: ['br', 'gzip'], threshold: 1024, globalDecompression: false })
}
