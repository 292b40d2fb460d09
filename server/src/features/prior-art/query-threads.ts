import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { buildSync, stop } from 'esbuild'
import { Piscina } from 'piscina'

const TSCONFIG = fileURLToPath(new URL('../../../tsconfig.json', import.meta.url))

/**
 * `entry` (TypeScript) bundled into one plain JavaScript file for the query threads: compiling TypeScript
 * in each thread, as tsx would, costs 43 MB per thread, four times what the thread needs otherwise
 * (docs/decisions/0014). Written beside the index files, under a temporary name then renamed, since
 * servers may share the folder.
 */
export function bundled(entry: URL, dir: string) {
  fs.mkdirSync(dir, { recursive: true })
  const name = `${path.basename(fileURLToPath(entry)).replace(/\.[cm]?[jt]s$/, '')}.bundle.mjs`
  const bundle = path.join(dir, name)
  const temporary = `${bundle}.${process.pid}.tmp`
  buildSync({
    entryPoints: [fileURLToPath(entry)],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    tsconfig: TSCONFIG,
    outfile: temporary,
    logLevel: 'silent',
  })
  fs.renameSync(temporary, bundle)
  // esbuild keeps a process for later builds; there are none.
  void stop()
  return pathToFileURL(bundle)
}

/** A pool of one thread running `bundle`, started on first use and kept: it holds the open index file. */
export const queryThread = (bundle: URL) =>
  new Piscina({ filename: bundle.href, minThreads: 0, maxThreads: 1, idleTimeout: Number.POSITIVE_INFINITY })
