import fs from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import { isClientPath } from '@patentdesk/contract/client-routes'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'

/**
 * Serves the built React client. Hashed assets are cached for a year; index.html never is, so a new
 * deployment is picked up on the next navigation. Unknown non-API GETs get index.html: see sendClientPage.
 */
export async function registerWebClient(app: FastifyInstance, root: string | undefined) {
  if (!root || !fs.existsSync(path.join(root, 'index.html'))) {
    app.log.warn({ root }, 'no built client found; run `npm run build` to serve the web app')
    return false
  }
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    setHeaders: (res, filePath) => {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`)
      res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache')
    },
  })
  return true
}

/**
 * index.html for a GET no route answered: 200 for a path in the client's route table, else 404 with the same
 * page, where the client shows its Not Found page. The 404 is sent whole, never as a 304 to a conditional GET.
 */
export function sendClientPage(request: FastifyRequest, reply: FastifyReply) {
  const known = isClientPath(request.url.split('?')[0] ?? '')
  reply.type('text/html')
  if (known) return reply.sendFile('index.html')
  return reply.status(404).sendFile('index.html', { etag: false, lastModified: false })
}
