import { analysisMessages } from '@patentdesk/contract/analysis'
import type { FastifyBaseLogger } from 'fastify'
import { Piscina } from 'piscina'
import type { Db } from '~/db/client'
import { AppError } from '~/errors'
import type { Candidate, Reranked } from './index-worker'
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
  worker = new URL('./index-worker.mjs', import.meta.url),
}: {
  db: Db
  log?: FastifyBaseLogger
  checkEveryMs?: number
  /** The thread's module (tests give one that cannot start). */
  worker?: URL
}) {
  const pool = new Piscina({
    filename: worker.href,
    // One thread, started on first use and kept: it holds the index.
    minThreads: 0,
    maxThreads: 1,
    idleTimeout: Number.POSITIVE_INFINITY,
  })
  // Piscina leaves the tasks of a thread that could not start waiting for ever: they are ended here, and
  // the next query builds the index anew.
  let threadFailed = new AbortController()
  pool.on('error', (error) => {
    log?.error({ err: error }, 'prior-art index thread failed')
    threadFailed.abort(error)
    threadFailed = new AbortController()
    ready = undefined
  })
  const task = <T>(name: string, argument: unknown): Promise<T> =>
    pool.run(argument, { name, signal: threadFailed.signal })

  let builtVersion: string | undefined
  let checkedAt = 0
  // One build at a time: the thread holds one index in the making.
  let building: Promise<void> | undefined
  // The first build (or the one after the thread failed), which queries wait for.
  let ready: Promise<void> | undefined

  async function buildNow() {
    const started = Date.now()
    const version = await repo.corpusVersion(db)
    await task('start', version)
    for await (const batch of repo.patentTexts(db, BATCH)) await task('add', batch)
    const { patents } = await task<{ patents: number }>('finish', undefined)
    builtVersion = version
    checkedAt = Date.now()
    log?.info({ patents, seconds: (Date.now() - started) / 1000 }, 'prior-art index built')
  }

  function build() {
    building ??= buildNow().finally(() => {
      building = undefined
    })
    return building
  }

  function ensureBuilt() {
    ready ??= build().catch((error: unknown) => {
      ready = undefined
      throw error
    })
    return ready
  }

  /** Rebuilds in the background when the patents changed; queries meanwhile use the index in place. */
  function refreshIfChanged() {
    if (building || Date.now() - checkedAt < checkEveryMs) return
    checkedAt = Date.now()
    repo
      .corpusVersion(db)
      .then((version) => (version === builtVersion ? undefined : build()))
      .catch((error: unknown) => log?.error({ err: error }, 'prior-art index rebuild failed'))
  }

  /**
   * Runs a task of the index thread once the index is built. A thread that failed while working is
   * replaced empty and answers undefined: the index is built again and the task asked once more. A
   * thread that cannot run at all is a 503.
   */
  async function run<T>(name: string, argument: unknown): Promise<T> {
    try {
      await ensureBuilt()
      refreshIfChanged()
      const answer = await task<T | undefined>(name, argument)
      if (answer !== undefined) return answer
      ready = undefined
      await ensureBuilt()
      const again = await task<T | undefined>(name, argument)
      if (again !== undefined) return again
    } catch (error) {
      log?.error({ err: error }, `prior-art index could not answer ${name}`)
    }
    throw new AppError('UNAVAILABLE', analysisMessages.indexUnavailable, undefined, { 'retry-after': '60' })
  }

  return {
    /**
     * Builds the index now, so the first analysis does not wait for it; a failure is logged, and the
     * first query tries again.
     */
    async warm() {
      await ensureBuilt().catch((error: unknown) =>
        log?.error({ err: error }, 'prior-art index build failed'),
      )
    },

    /** The first stage's candidates for `text` (FIRST_STAGE), best first. */
    candidates(text: string) {
      return run<Candidate[]>('search', text)
    },

    /**
     * Prior art for a text: how many first-stage candidates were considered, and the best of them as the
     * reranker orders them, each with what the analysis shows of it.
     */
    async similar(text: string) {
      const first = await run<Candidate[]>('search', text)
      const found = new Map(
        (
          await repo.findCandidates(
            db,
            first.map((c) => c.reference),
          )
        ).map((c) => [c.reference, c]),
      )
      const candidates = first.flatMap((c) => {
        const row = found.get(c.reference)
        return row ? [{ reference: c.reference, texts: row.texts, score: c.score }] : []
      })
      const ranked = await run<Reranked[]>('rerank', { text, candidates })
      return {
        considered: candidates.length,
        ranked: ranked.map((r) => ({
          ...r,
          patent: (found.get(r.reference) as NonNullable<ReturnType<typeof found.get>>).summary,
        })),
      }
    },

    /**
     * A text's terms weighed against the corpus (TF-IDF); `words`: the word the text uses most for each
     * term; `terms`: each word's term; the corpus size.
     */
    async weigh(text: string) {
      const { weights, words, terms, corpusSize } = await run<{
        weights: [string, number][]
        words: [string, string][]
        terms: [string, string][]
        corpusSize: number
      }>('weigh', text)
      return { weights: new Map(weights), words: new Map(words), terms: new Map(terms), corpusSize }
    },

    close: () => pool.destroy(),
  }
}

export type PriorArtIndex = ReturnType<typeof createPriorArtIndex>
