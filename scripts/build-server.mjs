/**
 * Builds the server into server/dist: one plain JavaScript file per program it runs (server/entries.json: the
 * server, the data preparation's process, the engine's, index's and reader's threads, the index builder), so
 * that `npm start` runs node on JavaScript with no TypeScript loader. The project's own code (the server's
 * and the contract's) is bundled in; the packages stay in node_modules, imported as they are.
 *   node scripts/build-server.mjs [folder]
 * The folder (server/dist by default) must lie in server/: the built code finds the server's other files
 * (migrations, corpus) from its parent folder (server/src/paths.ts).
 */
import fs from 'node:fs'
import path from 'node:path'
import { build } from 'esbuild'

const server = path.resolve(import.meta.dirname, '..', 'server')
const dist = path.resolve(process.argv[2] ?? path.join(server, 'dist'))
if (path.dirname(dist) !== server)
  throw new Error(`the server is built into a folder of ${server}, not ${dist}`)
const entries = JSON.parse(fs.readFileSync(path.join(server, 'entries.json'), 'utf8'))

/** Bare imports are packages, left to Node; the contract is the project's own TypeScript, bundled. */
const packagesExternal = {
  name: 'packages-external',
  setup(builder) {
    builder.onResolve({ filter: /^[^./~]/ }, ({ path: specifier }) =>
      specifier.startsWith('@patentdesk/') ? undefined : { path: specifier, external: true },
    )
  },
}

// Built beside it, then put in its place at once: a server running from the folder (another instance on
// the same checkout) starts its threads and processes from a whole build, never a half-written one.
const next = `${dist}.next-${process.pid}`
const old = `${dist}.old-${process.pid}`
const started = performance.now()
await build({
  entryPoints: Object.fromEntries(
    Object.entries(entries).map(([name, source]) => [name, path.join(server, source)]),
  ),
  outdir: next,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  tsconfig: path.join(server, 'tsconfig.json'),
  plugins: [packagesExternal],
  sourcemap: 'linked',
  logLevel: 'warning',
})
if (fs.existsSync(dist)) fs.renameSync(dist, old)
fs.renameSync(next, dist)
fs.rmSync(old, { recursive: true, force: true })
console.log(
  `Built the server into ${path.relative(process.cwd(), dist)} in ${Math.round(performance.now() - started)} ms.`,
)
