import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { buildSync, stop } from 'esbuild'
import { Piscina } from 'piscina'

const TSCONFIG = fileURLToPath(new URL('../../../tsconfig.json', import.meta.url))

/**
 * A pool of one query thread running `entry` (TypeScript). The thread runs the entry bundled into one plain
 * JavaScript file: compiling TypeScript in each thread, as tsx would, costs 43 MB per thread, four times
 * what the thread needs otherwise (docs/decisions/0014). The bundle is written beside the index files,
 * under a temporary name then renamed, since servers may share the folder.
 */
export function queryThread(entry: URL, dir: string) {
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
  return new Piscina({
    filename: pathToFileURL(bundle).href,
    minThreads: 0,
    maxThreads: 1,
    idleTimeout: Number.POSITIVE_INFINITY,
  })
}
