import fs from 'node:fs'
import path from 'node:path'
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '~/db/database'
import { ensureIndexFile, indexFileFor } from './build-index'
import * as repo from './prior-art.repo'

/** Other index files are removed this long after a switch, once no thread can still be asked to open them. */
const REMOVE_OLD_AFTER_MS = 60_000

/**
 * The index file's life: which file answers, built by a process of its own from the database when no
 * file matches the corpus (first start, after a load or an import), while the old file goes on answering;
 * `open` gets each new file ready for queries before it is used. The corpus version is asked at most once
 * every `checkEveryMs` by a query.
 */
export function createIndexVersions({
  db,
  dir,
  log,
  checkEveryMs,
  open,
}: {
  db: Db
  dir: string
  log?: FastifyBaseLogger
  checkEveryMs: number
  open: (file: string) => Promise<unknown>
}) {
  /** The file in use and the corpus version it holds. */
  let current: { file: string; version: string } | undefined
  /** The corpus changed since `current` was built, and a build is under way. */
  let stale = false
  let checkedAt = 0
  let building: Promise<void> | undefined

  async function buildNow() {
    const { file, version } = await ensureIndexFile({ db, dir, log })
    await open(file)
    current = { file, version }
    stale = false
    checkedAt = Date.now()
    setTimeout(() => removeOthers(file), REMOVE_OLD_AFTER_MS).unref()
  }

  /** Index files of other corpus versions or formats: a server that still reads one keeps it open. */
  function removeOthers(file: string) {
    try {
      for (const name of fs.readdirSync(dir))
        if (name.endsWith('.index') && path.join(dir, name) !== file)
          fs.rmSync(path.join(dir, name), { force: true })
    } catch (error) {
      log?.warn({ err: error }, 'old patent index files could not be removed')
    }
  }

  function build() {
    building ??= buildNow()
      .catch(async (error: unknown) => {
        // A damaged or half-written file is rebuilt by the next attempt.
        const version = await repo.corpusVersion(db).catch(() => undefined)
        if (version) fs.rmSync(indexFileFor(dir, version), { force: true })
        throw error
      })
      .finally(() => {
        building = undefined
      })
    return building
  }

  /** Rebuilds in the background when the patents changed; queries meanwhile use the file in place. */
  function refreshIfChanged() {
    if (building || Date.now() - checkedAt < checkEveryMs) return
    checkedAt = Date.now()
    repo
      .corpusVersion(db)
      .then((version) => {
        if (version === current?.version) return
        stale = true
        return build()
      })
      .catch((error: unknown) => log?.error({ err: error }, 'patent index rebuild failed'))
  }

  /** The file to answer from, built first when there is none. */
  async function ready() {
    if (!current) await build()
    refreshIfChanged()
    return (current as { file: string }).file
  }

  return {
    ready,

    /** Rebuilds now if the patents changed since the file was built; resolves once it is current. */
    async refresh() {
      await ready()
      if ((await repo.corpusVersion(db)) === current?.version) return
      stale = true
      await build()
    },

    /** Whether a file answers for the corpus as it is now (not behind an import being indexed). */
    isCurrent: () => current !== undefined && !stale,

    /** The file answering queries and the corpus version it holds; none before the first is open. */
    inUse: () => current,

    /** Whether a file is being built. */
    isBuilding: () => building !== undefined,

    /** The file in use could not answer: the next query opens (or builds) one again. */
    forget() {
      current = undefined
    },
  }
}
