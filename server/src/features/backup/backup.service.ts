import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import fsp from 'node:fs/promises'
import path from 'node:path'
import type { Writable } from 'node:stream'
import type { FastifyBaseLogger } from 'fastify'
import { pgliteDir } from '~/db/client'
import type { Database } from '~/db/database'
import type { BlobStorage } from '~/providers/storage/blob-storage'
import { filesFolder } from '~/providers/storage/storage'
import { writeArchive } from './archive'

/**
 * What a backup holds of the data folder: the embedded database (`pgliteDir`) and the stored documents
 * (`filesFolder`). The patent index and the thread bundles are made again by the next start.
 */
export const BACKUP_PARTS = ['pglite', 'files'] as const

/** Where the server keeps its automatic backups. */
export const backupsFolder = (dataDir: string) => path.join(dataDir, 'backups')
const AUTOMATIC = /^patentdesk-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.backup$/
const automaticName = (at: Date) => `patentdesk-${at.toISOString().slice(0, 19).replaceAll(':', '-')}Z.backup`
/** A snapshot being taken, or left by a process that ended during one. */
const SNAPSHOT_PREFIX = '.snapshot-'

/** A file as a copy saw it: its size and last change, and whether that change was recent then. */
type Seen = { size: bigint; changed: bigint; recent: boolean }
/**
 * A file changed within this of being looked at may change again within the same tick of the file system's
 * clock, which would leave its time as it was: it is copied again whatever its time says.
 */
const RECENT_NS = 1_000_000_000n

/**
 * Copies a folder's files, off the event loop, and answers how it saw each. `link`: hard links where the
 * file system allows, for files never changed in place (documents). `since`: what an earlier copy into
 * `to` saw; a file it saw the same, and not recently changed, is left as it was copied then, and one gone
 * since is removed.
 */
async function copyFolder(
  from: string,
  to: string,
  options: { link?: boolean; since?: Map<string, Seen> } = {},
) {
  const seen = new Map<string, Seen>()
  if (!fs.existsSync(from)) return seen
  await fsp.mkdir(to, { recursive: true })
  for (const entry of await fsp.readdir(from, { recursive: true, withFileTypes: true })) {
    const source = path.join(entry.parentPath, entry.name)
    const name = path.relative(from, source)
    const target = path.join(to, name)
    // Empty folders too: PostgreSQL does not start without its own.
    if (entry.isDirectory()) await fsp.mkdir(target, { recursive: true })
    // A document being written is a `.partial` until it is whole (local-storage.ts).
    if (!entry.isFile() || entry.name.endsWith('.partial')) continue
    // Looked at before it is copied: a change during the copy makes its time differ next time.
    const stat = await fsp.stat(source, { bigint: true }).catch(() => undefined)
    if (!stat) continue
    const now = BigInt(Date.now()) * 1_000_000n
    const look = { size: stat.size, changed: stat.mtimeNs, recent: now - stat.mtimeNs < RECENT_NS }
    seen.set(name, look)
    const before = options.since?.get(name)
    if (before && !before.recent && before.size === look.size && before.changed === look.changed) continue
    await fsp.mkdir(path.dirname(target), { recursive: true })
    const linked =
      options.link &&
      (await fsp.link(source, target).then(
        () => true,
        () => false,
      ))
    if (!linked) await fsp.copyFile(source, target)
  }
  for (const name of options.since?.keys() ?? [])
    if (!seen.has(name)) await fsp.rm(path.join(to, name), { force: true })
  return seen
}

export type BackupService = ReturnType<typeof createBackupService>

/**
 * Backups of the embedded database and the documents stored beside it, taken while the server serves: the
 * database's files are copied, then what changed since is copied again at a checkpoint while no statement
 * runs; the documents are linked while their removals wait; then both are written out as one checked file
 * (archive.ts; docs/decisions/0029). With PostgreSQL there are none: its own tools back it up, documents
 * included (README, Operations).
 */
export function createBackupService(deps: {
  database: Database
  storage: BlobStorage
  dataDir: string
  log: FastifyBaseLogger
}) {
  const { database, storage, dataDir, log } = deps
  const folder = backupsFolder(dataDir)
  /** One backup at a time: each takes its own snapshot, and they would only compete for the disk. */
  let queue: Promise<unknown> = Promise.resolve()

  async function snapshot(into: string) {
    const whileStill = database.whileStill
    if (!whileStill) throw new Error('backups are of the embedded database only')
    const release = storage.holdRemovals?.()
    try {
      // The folder is copied while the server serves, then, held still, what changed since is copied again:
      // the database waits for what changed, not for all of it.
      const [from, to] = [pgliteDir(dataDir), path.join(into, 'pglite')]
      const first = await copyFolder(from, to)
      const still = performance.now()
      await whileStill(() => copyFolder(from, to, { since: first }))
      log.info({ ms: Math.round(performance.now() - still) }, 'backup: database copied')
      await copyFolder(filesFolder(dataDir), path.join(into, 'files'), { link: true })
    } finally {
      await release?.()
    }
  }

  async function writeOnce(out: Writable) {
    fs.mkdirSync(folder, { recursive: true })
    // Nothing else takes a snapshot now: one there was left by a process that ended during it.
    for (const name of fs.readdirSync(folder))
      if (name.startsWith(SNAPSHOT_PREFIX))
        await fsp.rm(path.join(folder, name), { recursive: true, force: true })
    const staging = path.join(folder, `${SNAPSHOT_PREFIX}${randomUUID()}`)
    try {
      await snapshot(staging)
      return await writeArchive(staging, BACKUP_PARTS, out)
    } finally {
      // Gigabytes at a million patents: removed off the event loop.
      await fsp.rm(staging, { recursive: true, force: true })
    }
  }

  /** Writes a backup of the data folder as it is now to `out`; answers the backup's manifest. */
  function write(out: Writable) {
    const turn = queue.then(() => writeOnce(out))
    queue = turn.catch(() => {})
    return turn
  }

  /** The automatic backups, newest first. */
  function automaticBackups() {
    if (!fs.existsSync(folder)) return []
    return fs
      .readdirSync(folder)
      .filter((name) => AUTOMATIC.test(name))
      .sort()
      .reverse()
  }

  /**
   * An automatic backup when the newest is `hours` old or there is none, keeping the newest `keep`; answers
   * how many it wrote (0 or 1). `now` names it and ages the newest: a test's clock, where schedules are tested.
   */
  async function automatic({ hours, keep }: { hours: number; keep: number }, now = new Date()) {
    const newest = automaticBackups()[0]
    if (newest && now.getTime() - fs.statSync(path.join(folder, newest)).mtimeMs < hours * 3_600_000) return 0
    const started = performance.now()
    const file = path.join(folder, automaticName(now))
    fs.mkdirSync(folder, { recursive: true })
    for (const name of fs.readdirSync(folder))
      if (name.endsWith('.backup.partial')) fs.rmSync(path.join(folder, name), { force: true })
    const partial = `${file}.partial`
    try {
      await write(fs.createWriteStream(partial))
      fs.renameSync(partial, file)
    } catch (error) {
      fs.rmSync(partial, { force: true })
      throw error
    }
    for (const old of automaticBackups().slice(keep)) await fsp.rm(path.join(folder, old), { force: true })
    const bytes = fs.statSync(file).size
    log.info({ file, bytes, seconds: (performance.now() - started) / 1000 }, 'automatic backup written')
    return 1
  }

  return { available: database.whileStill !== undefined, write, automatic }
}
