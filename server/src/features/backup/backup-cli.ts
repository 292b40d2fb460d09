import fs from 'node:fs'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { ReadableStream } from 'node:stream/web'
import type { FastifyBaseLogger } from 'fastify'
import type { Config } from '~/config'
import { createDatabase, pgliteDir } from '~/db/client'
import { dataDirHolder } from '~/db/data-dir-lock'
import { openDatabase } from '~/db/open'
import { patentApplications, patentDocuments, patents, users } from '~/db/schema'
import { AppError } from '~/errors'
import { createStorage } from '~/providers/storage/storage'
import { readArchive } from './archive'
import { BACKUP_PARTS, createBackupService } from './backup.service'
import { issueBackupToken, withdrawBackupToken } from './local-token'

const POSTGRES =
  'With DATABASE_URL set, PostgreSQL holds everything, documents included: back it up with pg_dump and ' +
  "restore it with pg_restore (README, Operations). This command is the embedded database's."

/** Where a CLI on the same machine reaches the server that HOST and PORT describe. */
function serverUrl({ host, port }: Pick<Config, 'host' | 'port'>) {
  const reachable = host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '::1' : host
  return `http://${reachable.includes(':') ? `[${reachable}]` : reachable}:${port}`
}

/** Asks the running server (process `holder`) for a backup, written to `file`. */
async function fromServer(config: Config, file: string, holder: number) {
  const url = `${serverUrl(config)}/backup`
  const token = issueBackupToken(config.dataDir)
  const response = await fetch(url, { method: 'POST', headers: { authorization: `Bearer ${token}` } })
    .catch((error: Error) => {
      throw new AppError(
        'BAD_REQUEST',
        `The embedded database is in use by process ${holder}, but no server answers at ${url} ` +
          `(${(error.cause as Error | undefined)?.message ?? error.message}): run this with the server's settings (HOST, PORT).`,
      )
    })
    .finally(() => withdrawBackupToken(config.dataDir))
  if (!response.ok || !response.body)
    throw new AppError(
      'BAD_REQUEST',
      `The server at ${url} answered ${response.status}: is it the one using ${path.resolve(config.dataDir)}?`,
    )
  await pipeline(Readable.fromWeb(response.body as ReadableStream), fs.createWriteStream(file))
}

/** Backs up a data folder no process holds, opening its database without changing it. */
async function direct(config: Config, file: string, log: FastifyBaseLogger) {
  const dir = pgliteDir(config.dataDir)
  if (!fs.existsSync(path.join(dir, 'PG_VERSION')))
    throw new AppError(
      'BAD_REQUEST',
      `There is no embedded database in ${path.resolve(config.dataDir)} to back up.`,
    )
  const database = await createDatabase({ driver: 'pglite', dir })
  try {
    const backup = createBackupService({
      database,
      storage: createStorage(config, database.db),
      dataDir: config.dataDir,
      log,
    })
    await backup.write(fs.createWriteStream(file))
  } finally {
    await database.close()
  }
}

/**
 * `backup FILE`: the data folder's database and documents in one file, from the running server when there
 * is one, else from the folder itself; read back whole before it takes its name.
 */
export async function backUp(config: Config, file: string, log: FastifyBaseLogger) {
  if (config.databaseUrl) throw new AppError('BAD_REQUEST', POSTGRES)
  if (fs.existsSync(file)) throw new AppError('BAD_REQUEST', `${file} exists: name a new file.`)
  const started = performance.now()
  const partial = `${file}.partial`
  const holder = dataDirHolder(pgliteDir(config.dataDir))
  try {
    await (holder ? fromServer(config, partial, holder) : direct(config, partial, log))
    const manifest = await readArchive(fs.createReadStream(partial), BACKUP_PARTS)
    fs.renameSync(partial, file)
    return {
      bytes: fs.statSync(file).size,
      documents: manifest.files.filter((f) => f.path.startsWith('files/')).length,
      seconds: (performance.now() - started) / 1000,
      fromServer: holder !== undefined,
    }
  } catch (error) {
    fs.rmSync(partial, { force: true })
    throw error
  }
}

/** What a restored data folder holds, for the CLI to say. */
async function countsOf(config: Config) {
  const database = await openDatabase(config)
  try {
    const { db } = database
    return {
      users: await db.$count(users),
      applications: await db.$count(patentApplications),
      documents: await db.$count(patentDocuments),
      patents: await db.$count(patents),
    }
  } finally {
    await database.close()
  }
}

/**
 * `restore FILE`: fills an empty (or new) data folder from a backup, every byte checked first; a folder
 * with anything in it is refused, and a damaged file leaves nothing behind.
 */
export async function restore(config: Config, file: string) {
  if (config.databaseUrl) throw new AppError('BAD_REQUEST', POSTGRES)
  const dir = path.resolve(config.dataDir)
  if (fs.existsSync(dir) && fs.readdirSync(dir).length > 0)
    throw new AppError(
      'BAD_REQUEST',
      `${dir} is not empty: restore into an empty or new data folder (DATA_DIR), or move this one aside first.`,
    )
  if (!fs.existsSync(file)) throw new AppError('BAD_REQUEST', `There is no file ${file}.`)
  // Inside the folder, on its file system (a mounted volume's too): each part moves into place in one rename
  // once all of it is whole.
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 })
  const staging = path.join(dir, `.restoring-${process.pid}`)
  try {
    const manifest = await readArchive(fs.createReadStream(file), BACKUP_PARTS, staging)
    for (const part of fs.readdirSync(staging)) fs.renameSync(path.join(staging, part), path.join(dir, part))
    fs.rmdirSync(staging)
    return { takenAt: manifest.createdAt, ...(await countsOf(config)) }
  } catch (error) {
    fs.rmSync(staging, { recursive: true, force: true })
    throw error
  }
}
