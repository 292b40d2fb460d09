import type { FastifyBaseLogger } from 'fastify'
import { Piscina } from 'piscina'
import type { Db } from '~/db/client'
import type { Candidate } from './index-worker'
import * as repo from './prior-art.repo'

/** Patents sent to the index thread at a time while it builds. */
const BATCH = 1000
/** How often a query may ask whether the patents changed since the index was built. */
const CHECK_EVERY_MS = 60_000

/**
 * The prior-art index: BM25F over every patent's title, abstract, claims and description, held in a
 * thread of its own (docs/decisions/0014). Built from the database on first use (or `warm()` at start),
 * and again when a load or an import changed the patents, while the old one goes on answering.
 */
export function createPriorArtIndex({
  db,
  log,
  checkEveryMs = CHECK_EVERY_MS,
}: {
  db: Db
  log?: FastifyBaseLogger
  checkEveryMs?: number
}) {
  const pool = new Piscina({
    filename: new URL('./index-worker.mjs', import.meta.url).href,
    // One thread, started on first use and kept: it holds the index.
    minThreads: 0,
    maxThreads: 1,
    idleTimeout: Number.POSITIVE_INFINITY,
  })
  pool.on('error', (error) => log?.error({ err: error }, 'prior-art index thread failed'))

  let built: Promise<void> | undefined
  let rebuilding = false
  let checkedAt = 0

  async function build() {
    const started = Date.now()
    const version = await repo.corpusVersion(db)
    await pool.run(version, { name: 'start' })
    for await (const batch of repo.patentTexts(db, BATCH)) await pool.run(batch, { name: 'add' })
    const { patents } = await pool.run(undefined, { name: 'finish' })
    checkedAt = Date.now()
    log?.info({ patents, seconds: (Date.now() - started) / 1000 }, 'prior-art index built')
    return version
  }

  let builtVersion: string | undefined
  function ensureBuilt() {
    built ??= build().then(
      (version) => {
        builtVersion = version
      },
      (error: unknown) => {
        built = undefined
        throw error
      },
    )
    return built
  }

  /** Rebuilds in the background when the patents changed; queries meanwhile use the index in place. */
  async function refreshIfChanged() {
    if (rebuilding || Date.now() - checkedAt < checkEveryMs) return
    checkedAt = Date.now()
    if ((await repo.corpusVersion(db)) === builtVersion) return
    rebuilding = true
    build()
      .then((version) => {
        builtVersion = version
      })
      .catch((error: unknown) => log?.error({ err: error }, 'prior-art index rebuild failed'))
      .finally(() => {
        rebuilding = false
      })
  }

  return {
    /** Starts building now, so the first analysis does not wait for it. */
    warm() {
      ensureBuilt().catch((error: unknown) => log?.error({ err: error }, 'prior-art index build failed'))
    },

    /** The `limit` patents whose texts best match `text` (BM25F), best first. */
    async candidates(text: string, limit: number): Promise<Candidate[]> {
      await ensureBuilt()
      await refreshIfChanged()
      const found: Candidate[] | undefined = await pool.run({ text, limit }, { name: 'search' })
      if (found) return found
      // The thread was replaced (it failed) and holds nothing: build again, then ask once more.
      built = undefined
      await ensureBuilt()
      return (await pool.run({ text, limit }, { name: 'search' })) ?? []
    },

    close: () => pool.destroy(),
  }
}

export type PriorArtIndex = ReturnType<typeof createPriorArtIndex>
