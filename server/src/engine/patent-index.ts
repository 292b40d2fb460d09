import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { analysisMessages } from '@patentdesk/contract/analysis'
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '~/db/database'
import { AppError } from '~/errors'
import { bundled, threadCode } from '~/shared/bundled'
import { createThreadPool, type TaskAnswer, type TaskArgument, type TaskName } from '~/shared/thread-pool'
import type { IndexAnswer, IndexQuery } from './prior-art/index-search'
import { createIndexVersions } from './prior-art/index-versions'
import type * as IndexWorker from './prior-art/index-worker'
import * as repo from './prior-art/prior-art.repo'
import type { PatentSummary, PriorArtIndex, SavedQueryToMatch, SourcePatent } from './prior-art-index'

/**
 * When the patents last changed: the corpus version the index files are of, which what else is computed from the
 * whole corpus (the coverage page's counts) is cached by too.
 */
export { corpusVersion } from './prior-art/prior-art.repo'
/** What of a search query the index does not answer yet, and whether only the index answers it. */
export { citedIn, needsIndex } from './prior-art/query-eval'
export type { PriorArtIndex } from './prior-art-index'

/** How often a query may ask whether the patents changed since the index was built. */
const CHECK_EVERY_MS = 60_000

type Worker = typeof IndexWorker

/** What the analysis shows of a live source's patent: its own summary, with no family known. */
const summaryOf = ({ texts: _, ...patent }: SourcePatent): PatentSummary => ({
  ...patent,
  family: [],
  familyId: null,
})

/**
 * Each patent found with what the analysis shows of it (a visitor's from itself); a patent removed since the
 * index was built is left out.
 */
export async function withSummaries<T extends { reference: string }>(
  db: Db,
  ranked: T[],
  visitors: SourcePatent[] = [],
) {
  const summaries = new Map(
    (
      await repo.findSummaries(
        db,
        ranked.map((r) => r.reference),
      )
    ).map((s) => [s.reference, s]),
  )
  for (const visitor of visitors) summaries.set(visitor.reference, summaryOf(visitor))
  return ranked.flatMap((r) => {
    const patent = summaries.get(r.reference)
    return patent ? [{ ...r, patent }] : []
  })
}

/** Each list's patents with their summaries, asked for all lists in one query. */
export async function listsWithSummaries<T extends { reference: string }>(db: Db, lists: T[][]) {
  const found = new Map((await withSummaries(db, lists.flat())).map((c) => [c.reference, c]))
  return lists.map((list) => list.flatMap((c) => found.get(c.reference) ?? []))
}

/** A percolation's file is removed when it ends; one a crash left behind, an hour later. */
const STALE_PERCOLATION_MS = 3_600_000

function removeStalePercolations(dir: string) {
  for (const name of fs.readdirSync(dir)) {
    if (!name.startsWith('percolate-')) continue
    const file = path.join(dir, name)
    const stat = fs.statSync(file, { throwIfNoEntry: false })
    if (stat && Date.now() - stat.mtimeMs > STALE_PERCOLATION_MS) fs.rmSync(file, { force: true })
  }
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
  worker,
}: {
  db: Db
  /** Where the index files live. */
  dir: string
  log?: FastifyBaseLogger
  checkEveryMs?: number
  /** The query threads' module (tests give one that cannot start). */
  worker?: URL
}): PriorArtIndex {
  const code = worker ? bundled(worker, dir) : threadCode('index-worker', dir)
  // One thread each, started on first use and kept: it holds the open index file.
  const pool = () =>
    createThreadPool<Worker>({ name: 'patent index', code, threads: 1, idleMs: Infinity, log })
  const pools = { analysis: pool(), search: pool() }
  // Matching an import against the saved searches reads no open index: a thread of its own, which lowers its
  // priority (index-worker.ts) and leaves after a minute without work.
  const matching = createThreadPool<Worker>({
    name: 'saved-search matching',
    code,
    threads: 1,
    idleMs: 60_000,
    log,
  })

  // Each thread opens a new file before it is used, so that no query waits for it (and a damaged file is found then).
  const versions = createIndexVersions({
    db,
    dir,
    log,
    checkEveryMs,
    open: (file) => Promise.all(Object.values(pools).map((p) => p.run('load', { file }))),
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
      return await pools[on].run(name, task)
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
    async similar(text: string, cutOff?: string, visitors: SourcePatent[] = []) {
      const sent = visitors.map(({ reference, texts }) => ({ reference, texts }))
      const { considered, ranked } = await run('analysis', 'similar', { text, cutOff, visitors: sent })
      return { considered, ranked: await withSummaries(db, ranked, visitors) }
    },

    /** For each text, the first stage's best few with their summaries (one trip, one query for them all). */
    async closest(texts: string[], cutOff?: string) {
      return listsWithSummaries(db, await run('analysis', 'closest', { texts, cutOff }))
    },

    /** Each text's terms weighed against the corpus (TF-IDF), the words it uses for them, the corpus size. */
    async weigh(texts: string[]) {
      const weighed = await run('analysis', 'weigh', { texts })
      return weighed.map(({ weights, words, terms, corpusSize }) => ({
        weights: new Map(weights),
        words: new Map(words),
        terms: new Map(terms),
        corpusSize,
      }))
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

    /** In the analysis thread, over an index of the patents named alone, in a file of its own beside the others. */
    async percolate(references: string[], queries: SavedQueryToMatch[]) {
      const patents = await repo.percolatedPatents(db, references)
      if (patents.length === 0 || queries.length === 0) return []
      // Not `.index`: the versions' clean-up removes every other index file of the folder.
      const file = path.join(dir, `percolate-${randomUUID()}.percolate`)
      fs.mkdirSync(dir, { recursive: true })
      removeStalePercolations(dir)
      return matching.run('percolateImport', { file, patents, queries })
    },

    busy: () => versions.isBuilding(),

    inUse() {
      const index = versions.inUse()
      return (
        index && { version: index.version, bytes: fs.statSync(index.file, { throwIfNoEntry: false })?.size }
      )
    },

    close: () => Promise.all([...Object.values(pools), matching].map((p) => p.close())),
  }
}
