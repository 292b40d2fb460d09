import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { buildSync, stop } from 'esbuild'

const TSCONFIG = fileURLToPath(new URL('../../tsconfig.json', import.meta.url))

/**
 * `entry` (TypeScript) bundled into one plain JavaScript file for a worker thread: compiling TypeScript in
 * each thread, as tsx would, costs 43 MB per thread, four times what the thread needs otherwise
 * (docs/decisions/0014). Written in `dir` under a temporary name then renamed, since servers may share the
 * folder.
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
