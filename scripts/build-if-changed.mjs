/**
 * Builds the web client and the server only when what goes into each changed since its last build: `npm start`
 * runs this before the server instead of rebuilding on every start.
 *
 * What goes in: for the client, everything under web/ and contract/ but dist and node_modules (sources,
 * index.html, public files, vite config, package.json, tsconfig, .env files); for the server, everything under
 * server/ but dist, node_modules, migrations and the corpus (read at run time, not built), and contract/;
 * for both, tsconfig.base.json and the root package-lock.json (the versions of the libraries). After a
 * successful build, their SHA-256 and that of the file the build wrote go into a stamp in node_modules/.cache
 * (not in the build's folder, which is served or run as it is); a build is skipped only when both still
 * match. A changed, added or removed file, a deleted build, or a build another `npm run build` replaced means
 * a build.
 *   node scripts/build-if-changed.mjs [--force]
 */
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')
const stamps = path.join(root, 'node_modules', '.cache', 'patentdesk')
const force = process.argv.includes('--force')
const shared = ['tsconfig.base.json', 'package-lock.json']

const targets = [
  {
    name: 'client',
    folders: ['web', 'contract'],
    skipped: new Set(['node_modules', 'dist']),
    output: 'web/dist/index.html',
    script: 'build:web',
  },
  {
    name: 'server',
    folders: ['server', 'contract'],
    skipped: new Set(['node_modules', 'dist', 'migrations', 'corpus']),
    output: 'server/dist/main.js',
    script: 'build:server',
  },
]

/** Every file under `folder`, relative to the repository root, but the skipped folders. */
function filesUnder(folder, skipped) {
  const files = []
  for (const entry of fs.readdirSync(path.join(root, folder), { withFileTypes: true })) {
    const relative = path.join(folder, entry.name)
    if (entry.isDirectory()) {
      // A build's own folders (dist, and those a build or a test writes beside it: dist.*) are not sources.
      if (!skipped.has(entry.name) && !entry.name.startsWith('dist.'))
        files.push(...filesUnder(relative, skipped))
    } else if (entry.isFile()) {
      files.push(relative)
    }
  }
  return files
}

/** One hash of the paths and contents of everything a build reads. */
function sourcesHash({ folders, skipped }) {
  const files = [...folders.flatMap((folder) => filesUnder(folder, skipped)), ...shared]
    .filter((file) => fs.existsSync(path.join(root, file)))
    .map((file) => file.split(path.sep).join('/'))
    .sort()
  const hash = createHash('sha256')
  for (const file of files) {
    hash.update(`${file}\0`)
    hash.update(fs.readFileSync(path.join(root, file)))
    hash.update('\0')
  }
  return hash.digest('hex')
}

/** The hash of the file a build wrote (the client's index.html names every hashed asset); undefined without one. */
function outputHash({ output }) {
  const file = path.join(root, output)
  if (!fs.existsSync(file)) return undefined
  return createHash('sha256').update(fs.readFileSync(file)).digest('hex')
}

function readStamp(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'))
  } catch {
    return undefined
  }
}

for (const target of targets) {
  const stampFile = path.join(stamps, `${target.name}-build.json`)
  const hash = sourcesHash(target)
  const stamp = readStamp(stampFile)
  const built = outputHash(target)
  if (!force && built !== undefined && stamp?.sources === hash && stamp?.output === built) {
    console.log(`The ${target.name} build is up to date (${hash.slice(0, 12)}); not rebuilding.`)
    continue
  }
  const why = force
    ? 'a build was asked for'
    : built === undefined
      ? `${target.output} is missing`
      : stamp?.sources === hash
        ? `${target.output} is not the build it recorded`
        : 'its sources changed since the last build'
  console.log(`Building the ${target.name}: ${why} (${hash.slice(0, 12)}).`)
  const build = spawnSync('npm', ['run', target.script, '--silent'], { cwd: root, stdio: 'inherit' })
  if (build.status !== 0) process.exit(build.status ?? 1)
  // The hash of the sources as they were before the build: a file edited during it means another build.
  fs.mkdirSync(stamps, { recursive: true })
  fs.writeFileSync(stampFile, `${JSON.stringify({ sources: hash, output: outputHash(target) })}\n`)
}
