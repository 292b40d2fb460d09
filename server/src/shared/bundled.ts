import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { buildSync, stop } from 'esbuild'
import { entryCode, isBuilt, serverPaths } from '~/paths'

/**
 * Each entry's bundle, built once per process: a process that makes several apps (a test worker, 80 files
 * in a row) would otherwise build it for each, 0.3 s of esbuild's time every time.
 */
const built = new Map<string, Uint8Array>()

function build(entry: URL) {
  const { outputFiles } = buildSync({
    entryPoints: [fileURLToPath(entry)],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    tsconfig: serverPaths.tsconfig,
    write: false,
    outfile: 'bundle.mjs',
    logLevel: 'silent',
  })
  // esbuild keeps a process for later builds; this process makes none.
  void stop()
  const [output] = outputFiles
  if (!output) throw new Error(`esbuild wrote nothing for ${entry.href}`)
  return output.contents
}

/**
 * `entry` (TypeScript) bundled into one plain JavaScript file for a worker thread: compiling TypeScript in
 * each thread, as tsx would, costs 43 MB per thread, four times what the thread needs otherwise
 * (docs/decisions/0014). Written in `dir` under a temporary name then renamed, since servers may share the
 * folder.
 */
export function bundled(entry: URL, dir: string) {
  let contents = built.get(entry.href)
  if (!contents) {
    contents = build(entry)
    built.set(entry.href, contents)
  }
  fs.mkdirSync(dir, { recursive: true })
  const name = `${path.basename(fileURLToPath(entry)).replace(/\.[cm]?[jt]s$/, '')}.bundle.mjs`
  const bundle = path.join(dir, name)
  const temporary = `${bundle}.${process.pid}.tmp`
  fs.writeFileSync(temporary, contents)
  fs.renameSync(temporary, bundle)
  return pathToFileURL(bundle)
}

/**
 * The code of the engine's or the patent index's threads: the built server's file, or, from the sources,
 * their TypeScript bundled into `dir`.
 */
export function threadCode(name: 'engine-worker' | 'index-worker', dir: string) {
  return isBuilt ? entryCode(name) : bundled(entryCode(name, '.ts'), dir)
}
