import fs from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'

/**
 * Serves the built React client. Hashed assets are cached for a year; index.html never is, so a new
 * deployment is picked up on the next navigation. Unknown non-API GETs get index.html (client routes).
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
