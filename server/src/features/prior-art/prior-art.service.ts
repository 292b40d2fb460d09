import { setMaxListeners } from 'node:events'
import fs from 'node:fs'
import { analysisMessages } from '@patentdesk/contract/analysis'
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '~/db/database'
import { AppError } from '~/errors'
import { bundled } from '~/shared/bundled'
import { runTask, type TaskAnswer, type TaskArgument, type TaskName } from '~/shared/thread-tasks'
import type { IndexAnswer, IndexQuery } from './index-search'
import { createIndexVersions } from './index-versions'
import type * as IndexWorker from './index-worker'
import * as repo from './prior-art.repo'
import type { PriorArtIndex } from './prior-art-index'

export type { PriorArtIndex } from './prior-art-index'

import { queryThread } from './query-threads'

/** How often a query may ask whether the patents changed since the index was built. */
const CHECK_EVERY_MS = 60_000

type Worker = typeof IndexWorker

/** Aborts every task waiting on the threads; each task listens to it, so it has no listener limit. */
function failureSignal() {
  const controller = new AbortController()
  setMaxListeners(0, controller.signal)
  return controller
}

/**
 * The patent index of this product (the adapter of PriorArtIndex it ships): BM25F over every patent's
 * title, abstract, claims and description, with what the search filters read, in one file per corpus
 * version under `dir` (docs/decisions/0014; its life is index-versions.ts). Queried by two threads, one for
 * analyses and one for the search box, so that neither waits for the other.
 */
export function createPriorArtIndex({
  db,
  dir,
  log,
  checkEveryMs = CHECK_EVERY_MS,
  worker = new URL('./index-worker.ts', import.meta.url),
}: {
  db: Db
  /** Where the index files live. */
  dir: string
  log?: FastifyBaseLogger
  checkEveryMs?: number
  /** The query threads' module (tests give one that cannot start). */
  worker?: URL
}): PriorArtIndex {
  const code = bundled(worker, dir)
  const pools = { analysis: queryThread(code), search: queryThread(code) }
  // Piscina leaves the tasks of a thread that could not start waiting for ever: they are ended here.
  let threadFailed = failureSignal()
  for (const p of Object.values(pools))
    p.on('error', (error) => {
      log?.error({ err: error }, 'patent index thread failed')
      threadFailed.abort(error)
      threadFailed = failureSignal()
    })

  // Each thread opens a new file before it is used, so that no query waits for it (and a damaged file is found then).
  const versions = createIndexVersions({
    db,
    dir,
    log,
    checkEveryMs,
    open: (file) =>
      Promise.all(
        Object.values(pools).map((p) =>
          runTask<Worker, 'load'>(p, 'load', { file }, { signal: threadFailed.signal }),
        ),
      ),
  })

  /** Runs a task of a query thread; a thread or file that cannot answer is a 503. */
  async function run<Name extends TaskName<Worker>>(
    on: keyof typeof pools,
    name: Name,
    argument: Omit<TaskArgument<Worker, Name>, 'file'>,
  ): Promise<TaskAnswer<Worker, Name>> {
    try {
      const file = await versions.ready()
      const task = { file, ...argument } as TaskArgument<Worker, Name>
      return await runTask<Worker, Name>(pools[on], name, task, { signal: threadFailed.signal })
    } catch (error) {
      log?.error({ err: error }, `patent index could not answer ${name}`)
      versions.forget()
      throw new AppError('UNAVAILABLE', analysisMessages.indexUnavailable, undefined, { 'retry-after': '60' })
    }
  }

  return {
    /**
     * Builds (or opens) the index now, so the first query does not wait for it; a failure is logged, and
     * the first query tries again.
     */
    async warm() {
      await versions
        .ready()
        .catch((error: unknown) => log?.error({ err: error }, 'patent index build failed'))
    },

    /** Rebuilds now if the patents changed since the index was built; resolves once it is current. */
    refresh: () => versions.refresh(),

    /** The first stage's candidates for `text` (FIRST_STAGE), best first. */
    candidates(text: string) {
      return run('analysis', 'candidates', { text })
    },

    /**
     * Prior art for a text: how many first-stage candidates were considered, and the best of them as the
     * reranker orders them, each with what the analysis shows of it.
     */
    async similar(text: string) {
      const { considered, ranked } = await run('analysis', 'similar', { text })
      const summaries = new Map(
        (
          await repo.findSummaries(
            db,
            ranked.map((r) => r.reference),
          )
        ).map((s) => [s.reference, s]),
      )
      // A patent removed since the index was built is left out.
      return {
        considered,
        ranked: ranked.flatMap((r) => {
          const patent = summaries.get(r.reference)
          return patent ? [{ ...r, patent }] : []
        }),
      }
    },

    /**
     * A text's terms weighed against the corpus (TF-IDF); `words`: the word the text uses most for each
     * term; `terms`: each word's term; the corpus size.
     */
    async weigh(text: string) {
      const { weights, words, terms, corpusSize } = await run('analysis', 'weigh', { text })
      return { weights: new Map(weights), words: new Map(words), terms: new Map(terms), corpusSize }
    },

    /** The stored text (title, abstract, claims, description) of each patent named that exists. */
    texts: (references: string[]) => repo.findTexts(db, references),

    /** Filings per year of the patents holding any of the words, beside the corpus's own filings per year. */
    activity(words: string[]) {
      return run('analysis', 'activity', { words })
    },

    /**
     * The search box's query from the index; undefined while the index is behind the corpus (a rebuild
     * after an import is under way) or cannot answer, for the caller to ask the database instead.
     */
    async search(request: IndexQuery): Promise<IndexAnswer | undefined> {
      await versions.ready().catch(() => undefined)
      if (!versions.isCurrent()) return undefined
      return run('search', 'query', request).catch(() => undefined)
    },

    busy: () => versions.isBuilding(),

    inUse() {
      const index = versions.inUse()
      return (
        index && { version: index.version, bytes: fs.statSync(index.file, { throwIfNoEntry: false })?.size }
      )
    },

    close: () => Promise.all(Object.values(pools).map((p) => p.destroy())),
  }
}
