import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import {
  type ClientPage,
  clientPageOf,
  clientPaths,
  pageModulesFile,
} from '@patentdesk/contract/client-routes'
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'

/** Answers a GET no route answered with the client's index.html: see registerWebClient. */
export type ClientPageSender = (request: FastifyRequest, reply: FastifyReply) => FastifyReply

/**
 * Serves the built React client. Hashed assets are cached for a year; index.html never is, so a new
 * deployment is picked up on the next navigation. Unknown non-API GETs get index.html: 200 for a path in the
 * client's route table, else 404 with the same page, where the client shows its Not Found page.
 */
export async function registerWebClient(
  app: FastifyInstance,
  root: string | undefined,
): Promise<ClientPageSender | undefined> {
  if (!root || !fs.existsSync(path.join(root, 'index.html'))) {
    app.log.warn({ root }, 'no built client found; run `npm run build` to serve the web app')
    return undefined
  }
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    setHeaders: (res, filePath) => {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`)
      res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache')
    },
  })
  const pages = clientPages(root, app.log)
  return (request, reply) => {
    const page = clientPageOf(request.url.split('?')[0] ?? '')
    reply.type('text/html')
    // The 404 is sent whole, never as a 304 to a conditional GET.
    if (!page) return reply.status(404).sendFile('index.html', { etag: false, lastModified: false })
    const { html, etag } = pages().get(page) ?? { html: '', etag: '' }
    reply.header('cache-control', 'no-cache').header('etag', etag)
    if (request.headers['if-none-match'] === etag) return reply.status(304).send()
    return reply.send(html)
  }
}

type ManifestChunk = { file: string; imports?: string[]; isEntry?: boolean }
type ClientPageHtml = { html: string; etag: string }

/**
 * index.html for each page of the client, made once per build (read again when index.html changes): with a
 * `modulepreload` link for each chunk a first visit of the page loads after the entry (the modules the build
 * lists for it in pageModulesFile and their static imports, from Vite's build manifest), so the browser
 * fetches them beside the entry rather than once the entry has run (decision 23). Without those two files,
 * index.html as is.
 * The hashed files stay immutable; each page's index.html is no-cache, with an ETag of its own.
 */
function clientPages(root: string, log: FastifyBaseLogger) {
  const indexFile = path.join(root, 'index.html')
  let built = { mtimeMs: fs.statSync(indexFile).mtimeMs, pages: buildPages(root, log) }
  return () => {
    // A build under way empties the folder and writes it again: until it is whole, the last pages serve.
    try {
      const { mtimeMs } = fs.statSync(indexFile)
      if (built.mtimeMs !== mtimeMs) built = { mtimeMs, pages: buildPages(root, log) }
    } catch (error) {
      log.warn({ err: error }, 'the built client is being replaced; serving its previous pages')
    }
    return built.pages
  }
}

function buildPages(root: string, log: FastifyBaseLogger) {
  const indexHtml = fs.readFileSync(path.join(root, 'index.html'), 'utf8')
  const read = <T>(file: string, none: T): T => {
    if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8'))
    log.warn({ file }, 'the built client lacks a file: the pages name no chunks to preload')
    return none
  }
  const manifest: Record<string, ManifestChunk> = read(path.join(root, '.vite', 'manifest.json'), {})
  const pageModules: Partial<Record<ClientPage, string[]>> = read(path.join(root, pageModulesFile), {})

  // The entry and its imports are in index.html already.
  const inIndex = new Set<string>()
  const collect = (key: string, into: Set<string>) => {
    const chunk = manifest[key]
    if (!chunk || inIndex.has(chunk.file) || into.has(chunk.file)) return
    into.add(chunk.file)
    for (const imported of chunk.imports ?? []) collect(imported, into)
  }
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) collect(key, inIndex)

  const pages = new Map<ClientPage, ClientPageHtml>()
  for (const page of Object.keys(clientPaths) as ClientPage[]) {
    const modules = pageModules[page] ?? []
    const files = new Set<string>()
    for (const module of modules) {
      if (inIndex.size > 0 && !manifest[module])
        log.warn({ module }, 'a page module is not in the build manifest')
      collect(module, files)
    }
    // At low priority: the entry, React and the styles paint the layout and come first; these are needed
    // for the page's content only, which the layout shows a loading bar for until they are in.
    const links = [...files].map(
      (file) => `  <link rel="modulepreload" crossorigin fetchpriority="low" href="/${file}">\n  `,
    )
    const html = indexHtml.replace('</head>', `${links.join('')}</head>`)
    pages.set(page, { html, etag: `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"` })
  }
  return pages
}
