import path from 'node:path'
import { pathToFileURL } from 'node:url'
import entries from '../entries.json' with { type: 'json' }

/**
 * The server's folder. This module runs from server/src (tsx, Vitest) or bundled into a file of server/dist
 * (`npm start`): one level below it either way.
 */
const serverDir = path.resolve(import.meta.dirname, '..')

/**
 * Whether this is the built server (plain JavaScript in server/dist) rather than its TypeScript sources. The
 * path, not the URL: tsx's `tsImport` (the `.mjs` shims) adds a query to the URLs of what it compiles.
 */
export const isBuilt = !new URL(import.meta.url).pathname.endsWith('.ts')

/** The files the server reads beside its code. */
export const serverPaths = {
  migrations: path.join(serverDir, 'migrations'),
  corpus: path.join(serverDir, 'corpus'),
  tsconfig: path.join(serverDir, 'tsconfig.json'),
  packageJson: path.join(serverDir, '..', 'package.json'),
  webDist: path.join(serverDir, '..', 'web', 'dist'),
}

/** The programs the server starts as processes or threads of its own (server/entries.json). */
export type EntryName = keyof typeof entries

/**
 * The code of a process or thread the server starts. Built, its file in server/dist (scripts/build-server.mjs
 * builds every entry). From the sources, the TypeScript (`.ts`, for a caller that bundles it: shared/bundled.ts)
 * or the `.mjs` beside it, which compiles it with tsx.
 */
export function entryCode(name: EntryName, source: '.ts' | '.mjs' = '.mjs') {
  if (isBuilt) return pathToFileURL(path.join(serverDir, 'dist', `${name}.js`))
  return pathToFileURL(path.join(serverDir, entries[name].replace(/\.ts$/, source)))
}
