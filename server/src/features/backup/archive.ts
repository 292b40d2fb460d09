import { createHash } from 'node:crypto'
import { once } from 'node:events'
import fs from 'node:fs'
import fsp from 'node:fs/promises'
import path from 'node:path'
import type { Readable, Writable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import zlib from 'node:zlib'
import tar from 'tar-stream'
import { z } from 'zod'

/**
 * A backup file: a gzipped tar of the data folder's parts (the embedded database's folder, the stored
 * documents), each file under its path in the data folder, then `manifest.json` naming every file with its
 * size and SHA-256. Reading checks every byte against the manifest, so a damaged or cut file is refused
 * before anything is restored from it.
 */
const MANIFEST = 'manifest.json'
const FORMAT = 'patentdesk-backup'
/** A manifest names a few thousand files; a far larger one is no manifest of ours. */
const MANIFEST_MAX_BYTES = 64 * 2 ** 20
/**
 * gzip's fastest level: the shipped corpus's database (346 MB) came to 191 MB in 7.1 s, against 176 MB in
 * 15.4 s at the default level (`gzip -1`/`-6`, 2 cores).
 */
const GZIP_LEVEL = 1

const ManifestSchema = z.object({
  format: z.literal(FORMAT),
  version: z.literal(1),
  createdAt: z.string(),
  /** Every folder, empty ones included: PostgreSQL does not start without its empty ones. */
  folders: z.array(z.string()),
  files: z.array(z.object({ path: z.string(), size: z.number().int().min(0), sha256: z.string() })),
})
export type Manifest = z.infer<typeof ManifestSchema>

/** A backup file that cannot be read back as it was written: damaged, cut short, or not a backup. */
export class BackupFileError extends Error {}

/** A data folder's path of a file the archive may hold: under one of `parts`, plain names, no way out. */
const SAFE_SEGMENT = /^[\w@+-][\w.@+-]*$/
function checkedPath(name: string, parts: readonly string[], folder = false) {
  const segments = name.split('/')
  if (
    segments.length < (folder ? 1 : 2) ||
    !parts.includes(segments[0] as string) ||
    !segments.every((s) => SAFE_SEGMENT.test(s) && s !== '..')
  )
    throw new BackupFileError(`not a PatentDesk backup: it holds ${JSON.stringify(name.slice(0, 200))}`)
  return name
}

/** The folders and regular files under `root`/`part`, as paths relative to `root` with forward slashes, sorted. */
async function entriesUnder(root: string, part: string) {
  const dir = path.join(root, part)
  if (!fs.existsSync(dir)) return { folders: [], files: [] }
  const entries = await fsp.readdir(dir, { recursive: true, withFileTypes: true })
  const named = (kind: (entry: fs.Dirent) => boolean) =>
    entries
      .filter(kind)
      .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
      .sort()
  return { folders: [part, ...named((e) => e.isDirectory())], files: named((e) => e.isFile()) }
}

/** One file into the archive, hashed as it passes; resolves once tar has taken all of it. */
async function addFile(pack: tar.Pack, root: string, name: string) {
  const file = path.join(root, name)
  const { size } = await fsp.stat(file)
  const hash = createHash('sha256')
  return new Promise<Manifest['files'][number]>((resolve, reject) => {
    const entry = pack.entry({ name, size, mode: 0o600 }, (error) =>
      error ? reject(error) : resolve({ path: name, size, sha256: hash.digest('hex') }),
    )
    const source = fs.createReadStream(file)
    source.on('data', (chunk) => hash.update(chunk))
    source.on('error', (error) => {
      entry.destroy(error)
      reject(error)
    })
    source.pipe(entry)
  })
}

/** Writes the files of `parts` under `root` to `out` as a backup file; answers its manifest. */
export async function writeArchive(root: string, parts: readonly string[], out: Writable) {
  const pack = tar.pack()
  const written = pipeline(pack, zlib.createGzip({ level: GZIP_LEVEL }), out)
  try {
    const under = await Promise.all(parts.map((part) => entriesUnder(root, part)))
    // A name a restore would refuse fails the backup now, not the restore later.
    for (const u of under) for (const name of [...u.folders, ...u.files]) checkedPath(name, parts, true)
    const folders = under.flatMap((u) => u.folders)
    for (const name of folders) pack.entry({ name, type: 'directory', mode: 0o700 })
    const files: Manifest['files'] = []
    for (const name of under.flatMap((u) => u.files)) files.push(await addFile(pack, root, name))
    const createdAt = new Date().toISOString()
    const manifest: Manifest = { format: FORMAT, version: 1, createdAt, folders, files }
    pack.entry({ name: MANIFEST }, JSON.stringify(manifest))
    pack.finalize()
    await written
    return manifest
  } catch (error) {
    pack.destroy(error as Error)
    await written.catch(() => {})
    throw error
  }
}

/** An entry's bytes, hashed and counted, written to `target` when there is one. */
async function takeFile(entry: AsyncIterable<unknown>, target: string | undefined) {
  const hash = createHash('sha256')
  let size = 0
  const out = target ? fs.createWriteStream(target, { mode: 0o600 }) : undefined
  try {
    for await (const chunk of entry as AsyncIterable<Buffer>) {
      hash.update(chunk)
      size += chunk.length
      if (out && !out.write(chunk)) await once(out, 'drain')
    }
    if (out)
      await new Promise<void>((resolve, reject) =>
        out.end((error?: Error | null) => (error ? reject(error) : resolve())),
      )
  } finally {
    out?.destroy()
  }
  return { size, sha256: hash.digest('hex') }
}

async function manifestOf(entry: AsyncIterable<unknown>) {
  const chunks: Buffer[] = []
  let length = 0
  for await (const chunk of entry as AsyncIterable<Buffer>) {
    length += chunk.length
    if (length > MANIFEST_MAX_BYTES)
      throw new BackupFileError('not a PatentDesk backup: its manifest is too large')
    chunks.push(chunk)
  }
  let json: unknown
  try {
    json = JSON.parse(Buffer.concat(chunks).toString('utf8'))
  } catch {
    json = undefined
  }
  const parsed = ManifestSchema.safeParse(json)
  if (!parsed.success) throw new BackupFileError('not a PatentDesk backup: its manifest is not one')
  return parsed.data
}

/** gzip's and tar's complaints about a cut or changed file, said as what they mean. */
function asFileError(error: unknown) {
  if (error instanceof BackupFileError) return error
  const { code, message } = error as NodeJS.ErrnoException
  return code?.startsWith('Z_') || /unexpected end|invalid tar header|incorrect header/i.test(message)
    ? new BackupFileError(`the backup file is damaged or incomplete (${message})`)
    : error
}

/**
 * Reads a backup file: every file is checked against the manifest (its size and SHA-256; none missing, none
 * more), and, with `into`, written there under its path. Throws BackupFileError for a file that does not
 * read back whole; what was written under `into` is then the caller's to remove.
 */
export async function readArchive(input: Readable, parts: readonly string[], into?: string) {
  const gunzip = zlib.createGunzip()
  const extract = tar.extract()
  const fail = (error: Error) => extract.destroy(error)
  input.on('error', fail)
  gunzip.on('error', fail)
  input.pipe(gunzip).pipe(extract)
  const seen = new Map<string, { size: number; sha256: string }>()
  const folders = new Set<string>()
  let manifest: Manifest | undefined
  try {
    for await (const entry of extract) {
      const { name, type } = entry.header
      if (manifest) throw new BackupFileError('not a PatentDesk backup: files follow its manifest')
      if (name === MANIFEST) {
        manifest = await manifestOf(entry)
        continue
      }
      if (type === 'directory') {
        const folder = checkedPath(name.replace(/\/$/, ''), parts, true)
        if (into) fs.mkdirSync(path.join(into, folder), { recursive: true, mode: 0o700 })
        folders.add(folder)
        entry.resume()
        continue
      }
      if (type !== 'file') throw new BackupFileError(`not a PatentDesk backup: it holds a ${type} entry`)
      const file = checkedPath(name, parts)
      if (seen.has(file)) throw new BackupFileError(`not a PatentDesk backup: ${file} appears twice`)
      const target = into && path.join(into, file)
      if (target) fs.mkdirSync(path.dirname(target), { recursive: true })
      seen.set(file, await takeFile(entry, target))
    }
  } catch (error) {
    throw asFileError(error)
  } finally {
    input.destroy()
  }
  if (!manifest) throw new BackupFileError('the backup file is incomplete: it has no manifest')
  if (manifest.folders.length !== folders.size || !manifest.folders.every((f) => folders.has(f)))
    throw new BackupFileError('the backup file is damaged: its folders are not those its manifest names')
  if (manifest.files.length !== seen.size)
    throw new BackupFileError('the backup file is damaged: its files are not those its manifest names')
  for (const { path: file, size, sha256 } of manifest.files) {
    const found = seen.get(file)
    if (!found || found.size !== size || found.sha256 !== sha256)
      throw new BackupFileError(`the backup file is damaged: ${file} does not match its checksum`)
  }
  return manifest
}
