import { createHash, randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import zlib from 'node:zlib'
import tar from 'tar-stream'
import { afterAll, describe, expect, it } from 'vitest'
import { BackupFileError, readArchive, writeArchive } from './archive'

const PARTS = ['pglite', 'files']
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'patentdesk-archive-'))
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }))
let made = 0
const folder = () => fs.mkdtempSync(path.join(scratch, `${made++}-`))

/** A data folder's parts with a page of random bytes, an empty file and a document, and what lies beside them. */
function dataFolder() {
  const root = folder()
  const write = (name: string, bytes: Buffer | string) => {
    fs.mkdirSync(path.dirname(path.join(root, name)), { recursive: true })
    fs.writeFileSync(path.join(root, name), bytes)
  }
  write('pglite/base/5/16384', randomBytes(300_000))
  write('pglite/postmaster.opts', '')
  write('files/applications/7/3f2a', randomBytes(1000))
  write('index/corpus.index', 'rebuilt by the next start')
  return root
}

async function backupOf(root: string) {
  const file = path.join(folder(), 'b.backup')
  const manifest = await writeArchive(root, PARTS, fs.createWriteStream(file))
  return { file, manifest, bytes: fs.readFileSync(file) }
}

const read = (bytes: Buffer, into?: string) => readArchive(Readable.from([bytes]), PARTS, into)

type Entry = { name: string; bytes?: Buffer; type?: 'file' | 'symlink' | 'directory'; linkname?: string }

/** The folders holding files of these paths, as a backup names them. */
const foldersOf = (paths: string[]) => [
  ...new Set(
    paths.flatMap((p) =>
      p
        .split('/')
        .slice(0, -1)
        .map((_, i, all) => all.slice(0, i + 1).join('/')),
    ),
  ),
]

/**
 * A backup file made by hand: the folders of the files given, the entries, then (unless left out) a
 * manifest, then `after`, gzipped.
 */
async function handMade(entries: Entry[], manifest?: unknown, after: Entry[] = []) {
  const pack = tar.pack()
  const chunks: Buffer[] = []
  const done = new Promise<void>((resolve) => {
    const gzip = zlib.createGzip()
    pack.pipe(gzip)
    gzip.on('data', (chunk: Buffer) => chunks.push(chunk))
    gzip.on('end', resolve)
  })
  const add = ({ name, bytes = Buffer.alloc(0), type = 'file', linkname }: Entry) =>
    type === 'file' ? pack.entry({ name }, bytes) : pack.entry({ name, type, linkname }, '')
  for (const name of foldersOf(entries.filter((e) => (e.type ?? 'file') === 'file').map((e) => e.name)))
    add({ name, type: 'directory' })
  entries.forEach(add)
  if (manifest !== undefined) pack.entry({ name: 'manifest.json' }, JSON.stringify(manifest))
  after.forEach(add)
  pack.finalize()
  await done
  return Buffer.concat(chunks)
}
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')
const manifestFor = (files: { path: string; bytes: Buffer }[]) => ({
  format: 'patentdesk-backup',
  version: 1,
  createdAt: new Date().toISOString(),
  folders: foldersOf(files.map((f) => f.path)),
  files: files.map((f) => ({ path: f.path, size: f.bytes.length, sha256: sha256(f.bytes) })),
})

describe('backup files', () => {
  it('hold every file of the parts byte for byte, and nothing beside them', async () => {
    const root = dataFolder()
    const { bytes, manifest } = await backupOf(root)
    expect(manifest.files.map((f) => f.path)).toEqual([
      'pglite/base/5/16384',
      'pglite/postmaster.opts',
      'files/applications/7/3f2a',
    ])
    const into = folder()
    expect((await read(bytes, into)).files).toEqual(manifest.files)
    for (const { path: name } of manifest.files)
      expect(fs.readFileSync(path.join(into, name)).equals(fs.readFileSync(path.join(root, name)))).toBe(true)
    expect(fs.readdirSync(into).sort()).toEqual(['files', 'pglite'])
  })

  it('are not written with a name a restore would refuse', async () => {
    const root = dataFolder()
    fs.writeFileSync(path.join(root, 'pglite', '.hidden'), 'x')
    await expect(backupOf(root)).rejects.toBeInstanceOf(BackupFileError)
  })

  it('refuse a file cut short, changed anywhere, or that is no gzip', async () => {
    const { bytes } = await backupOf(dataFolder())
    const changed = (at: number) => {
      const copy = Buffer.from(bytes)
      copy[at] = (copy[at] as number) ^ 0xff
      return copy
    }
    for (const damaged of [
      bytes.subarray(0, bytes.length - 1),
      bytes.subarray(0, bytes.length >> 1),
      bytes.subarray(0, 30),
      Buffer.alloc(0),
      changed(bytes.length >> 1),
      changed(bytes.length - 5),
      Buffer.from('{"not":"a backup"}'),
    ])
      await expect(read(damaged)).rejects.toBeInstanceOf(BackupFileError)
  })

  it('refuse a file whose files are not those its manifest names, byte for byte', async () => {
    const page = { path: 'pglite/PG_VERSION', bytes: Buffer.from('17\n') }
    const other = { path: 'files/a/b', bytes: Buffer.from('document') }
    const wrong = (files: unknown) => ({ ...manifestFor([page]), files })
    const cases = [
      // A byte changed inside the tar, the gzip whole: only the checksum sees it.
      await handMade([{ name: page.path, bytes: Buffer.from('18\n') }], manifestFor([page])),
      await handMade(
        [page, other].map((f) => ({ name: f.path, bytes: f.bytes })),
        manifestFor([page]),
      ),
      await handMade([{ name: page.path, bytes: page.bytes }], manifestFor([page, other])),
      await handMade(
        [{ name: page.path, bytes: page.bytes }],
        wrong([{ ...manifestFor([page]).files[0], size: 4 }]),
      ),
      await handMade([{ name: page.path, bytes: page.bytes }]),
      await handMade([{ name: page.path, bytes: page.bytes }], { format: 'tar' }),
    ]
    for (const file of cases) await expect(read(file)).rejects.toBeInstanceOf(BackupFileError)
    // The case that is right, to show the cases above fail for what they change.
    const right = await handMade([{ name: page.path, bytes: page.bytes }], manifestFor([page]))
    expect((await read(right)).files).toHaveLength(1)
  })

  it('write nothing outside the folder, whatever names or links the file holds', async () => {
    const into = folder()
    const outside = path.join(path.dirname(into), 'escaped')
    for (const entries of [
      [{ name: '../escaped', bytes: Buffer.from('x') }],
      [{ name: 'pglite/../../escaped', bytes: Buffer.from('x') }],
      [{ name: '/tmp/escaped', bytes: Buffer.from('x') }],
      [{ name: 'index/corpus.index', bytes: Buffer.from('x') }],
      [{ name: 'pglite', bytes: Buffer.from('x') }],
      [{ name: 'pglite/link', type: 'symlink' as const, linkname: '/etc/passwd' }],
      [{ name: 'files/dir', type: 'directory' as const }],
      [
        { name: 'pglite/a', bytes: Buffer.from('x') },
        { name: 'pglite/a', bytes: Buffer.from('y') },
      ],
    ])
      await expect(read(await handMade(entries, manifestFor([])), into)).rejects.toBeInstanceOf(
        BackupFileError,
      )
    expect(fs.existsSync(outside)).toBe(false)
    expect(fs.existsSync('/tmp/escaped')).toBe(false)
    // Entries after the manifest are no part of a backup either.
    const page = { path: 'pglite/PG_VERSION', bytes: Buffer.from('17\n') }
    const entry = { name: page.path, bytes: page.bytes }
    await expect(read(await handMade([], manifestFor([page]), [entry]))).rejects.toBeInstanceOf(
      BackupFileError,
    )
    expect((await read(await handMade([entry], manifestFor([page])))).files).toHaveLength(1)
  })
})
