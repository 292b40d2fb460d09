/**
 * Builds the web client only when what goes into it changed since the last build: `npm start` runs this
 * before the server instead of rebuilding on every start.
 *
 * What goes in: everything under web/ and contract/ but web/dist and node_modules (sources, index.html,
 * public files, vite config, package.json, tsconfig, .env files), tsconfig.base.json and the root
 * package-lock.json (the versions of the bundled libraries). After a successful build, their SHA-256 and
 * that of the web/dist/index.html it wrote go into a stamp in node_modules/.cache (not in web/dist, which
 * the server serves as it is); the build is skipped only when both still match. A changed, added or removed
 * file, a deleted dist, or a dist another `npm run build` replaced means a build.
 *   node scripts/build-if-changed.mjs [--force]
 */
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')
const dist = path.join(root, 'web', 'dist')
const indexHtml = path.join(dist, 'index.html')
const stampFile = path.join(root, 'node_modules', '.cache', 'patentdesk', 'client-build.json')
const skippedFolders = new Set(['node_modules', 'dist'])

/** Every file under `folder`, relative to the repository root, but the skipped folders. */
function filesUnder(folder) {
  const files = []
  for (const entry of fs.readdirSync(path.join(root, folder), { withFileTypes: true })) {
    const relative = path.join(folder, entry.name)
    if (entry.isDirectory()) {
      if (!skippedFolders.has(entry.name)) files.push(...filesUnder(relative))
    } else if (entry.isFile()) {
      files.push(relative)
    }
  }
  return files
}

/** One hash of the paths and contents of everything the client build reads. */
function clientSourcesHash() {
  const files = [...filesUnder('web'), ...filesUnder('contract'), 'tsconfig.base.json', 'package-lock.json']
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

/** The hash of the built index.html, which names every hashed asset of that build; undefined without one. */
function builtIndexHash() {
  if (!fs.existsSync(indexHtml)) return undefined
  return createHash('sha256').update(fs.readFileSync(indexHtml)).digest('hex')
}

function readStamp() {
  try {
    return JSON.parse(fs.readFileSync(stampFile, 'utf8'))
  } catch {
    return undefined
  }
}

const hash = clientSourcesHash()
const stamp = readStamp()
const built = builtIndexHash()
const force = process.argv.includes('--force')

if (!force && built !== undefined && stamp?.sources === hash && stamp?.index === built) {
  console.log(
    `Client build is up to date (web/dist matches its sources, ${hash.slice(0, 12)}); not rebuilding.`,
  )
} else {
  const why = force
    ? 'a build was asked for'
    : built === undefined
      ? 'web/dist has no build'
      : stamp?.sources === hash
        ? 'web/dist is not the build it recorded'
        : 'its sources changed since the last build'
  console.log(`Building the client: ${why} (${hash.slice(0, 12)}).`)
  const build = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' })
  if (build.status !== 0) process.exit(build.status ?? 1)
  // The hash of the sources as they were before the build: a file edited during it means another build.
  fs.mkdirSync(path.dirname(stampFile), { recursive: true })
  fs.writeFileSync(stampFile, `${JSON.stringify({ sources: hash, index: builtIndexHash() })}\n`)
}
