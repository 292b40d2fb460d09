import { performance } from 'node:perf_hooks'
import { MessageChannel } from 'node:worker_threads'
import { analysisMessages } from '@patentdesk/contract/analysis'
import type { DraftingIssue, DraftText } from '@patentdesk/contract/drafting'
import type { FastifyBaseLogger } from 'fastify'
import pLimit from 'p-limit'
import { Piscina } from 'piscina'
import { AppError } from '~/errors'
import { bundled } from '~/shared/bundled'
import { runTask, type TaskAnswer } from '~/shared/thread-tasks'
import { answerCorpus } from './corpus-port'
import type { Corpus, Invention } from './engine/engine'
import type * as EngineWorker from './engine-worker'

type Worker = typeof EngineWorker
type Analysis = TaskAnswer<Worker, 'analyze'>

/**
 * Threads and waiting places of each kind of work. Analyses ask the patent index, whose analysis thread
 * takes one question at a time, so a second engine thread would mostly wait; drafting checks are short
 * and come as applicants type, so they get a thread of their own and never wait behind an analysis.
 */
export const engineLanes = { analysis: { threads: 1, queue: 8 }, drafting: { threads: 1, queue: 16 } }

/**
 * The V8 heap of an engine thread. An analysis of the longest text (300,000 characters with a document)
 * holds a few tens of MB; a task that needs more ends its thread and is answered 422, as one past its
 * deadline is.
 */
export const ENGINE_MEMORY_MB = 512

/** Threads leave after this long without work, but for the analysis thread of a warmed server. */
const IDLE_MS = 60_000

/**
 * The deadline of a task: `ms` of the engine's own time, counted from when a thread starts the task (it
 * says so on `started`) and stopped while the corpus answers its questions. Neither the wait in the queue,
 * a new thread's start, nor the index (a rebuild it waits for, its own 503) is blamed on the input.
 */
function deadlineOf(ms: number) {
  const { port1, port2 } = new MessageChannel()
  const controller = new AbortController()
  let left = ms
  let since = 0
  let asked = 0
  let running = false
  let timer: NodeJS.Timeout | undefined
  const run = () => {
    since = performance.now()
    timer = setTimeout(() => controller.abort(), Math.max(0, left))
  }
  port1.once('message', () => {
    running = true
    if (asked === 0) run()
  })
  return {
    signal: controller.signal,
    started: port2,
    /** A question to the corpus is out: the clock stops until every one is answered. */
    asking() {
      if (asked++ > 0 || !running) return
      clearTimeout(timer)
      left -= performance.now() - since
    },
    answered() {
      if (--asked === 0 && running && !controller.signal.aborted) run()
    },
    stop() {
      clearTimeout(timer)
      port1.close()
    },
  }
}

/**
 * The analysis engine and the drafting checks in worker threads (Piscina), each task with a deadline
 * (ANALYSIS_TIMEOUT_SECONDS): past it the thread is ended, another starts for the next task, and the
 * client is told the input took too long (422), while the server's thread answers everyone else throughout.
 * The engine reads the corpus from the server's thread over a MessagePort (corpus-port.ts). A full queue
 * is a 503 with Retry-After. `worker` is the threads' module (tests give one with a deliberately slow entry).
 */
export function createEngineThreads({
  dir,
  timeoutSeconds,
  log,
  memoryMb = ENGINE_MEMORY_MB,
  worker = new URL('./engine-worker.ts', import.meta.url),
}: {
  /** Where the threads' bundled code is written. */
  dir: string
  timeoutSeconds: number
  log?: FastifyBaseLogger
  /** The heap of each thread (tests give a small one). */
  memoryMb?: number
  worker?: URL
}) {
  function lane(code: URL, kind: keyof typeof engineLanes, kept: number) {
    const { threads, queue } = engineLanes[kind]
    const pool = new Piscina({
      filename: code.href,
      minThreads: kept,
      maxThreads: threads,
      idleTimeout: IDLE_MS,
      resourceLimits: { maxOldGenerationSizeMb: memoryMb },
    })
    // Piscina leaves the task of a thread that could not start waiting for ever: it is ended here. (And a
    // thread failing between tasks must not become an unhandled 'error' event of the server.)
    let failed = new AbortController()
    pool.on('error', (error) => {
      log?.error({ err: error }, `${kind} engine thread failed`)
      failed.abort(error)
      failed = new AbortController()
    })
    // The queue is ours, as the document reader's is: the pool only ever gets a free thread's work.
    const slots = pLimit(threads)
    return {
      pool,
      /** Ends the task at its deadline, or when a thread of the pool fails. */
      signal: (deadline: AbortSignal) => AbortSignal.any([deadline, failed.signal]),
      async admit<T>(work: () => Promise<T>) {
        if (slots.activeCount + slots.pendingCount >= threads + queue) {
          throw new AppError('UNAVAILABLE', analysisMessages.busy, undefined, {
            'retry-after': String(timeoutSeconds),
          })
        }
        return slots(work)
      },
    }
  }
  /**
   * The threads' code is bundled and the pools made at the first task, or by `warm`, not at start: most
   * servers of a test run, and every CLI command, never analyse anything.
   */
  let made: { analysis: ReturnType<typeof lane>; drafting: ReturnType<typeof lane> } | undefined
  const lanes = (kept = 0) => {
    if (made) return made
    const code = bundled(worker, dir)
    made = { analysis: lane(code, 'analysis', kept), drafting: lane(code, 'drafting', 0) }
    return made
  }

  /** Why a task failed: the corpus's own answer, the deadline or the memory limit (422), or the engine's fault (a 500). */
  function failure(error: unknown, deadline: AbortSignal, tooSlow: string, corpus?: { error: unknown }) {
    if (corpus) return corpus.error
    if (deadline.aborted) return new AppError('UNPROCESSABLE', tooSlow)
    if ((error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY')
      return new AppError('UNPROCESSABLE', analysisMessages.tooMuchMemory(memoryMb))
    log?.error({ err: error }, 'the analysis engine failed')
    return error
  }

  return {
    /** The offline analysis of `invention` against `corpus`. */
    async analyze(invention: Invention, corpus: Corpus): Promise<Analysis> {
      const { analysis } = lanes()
      return analysis.admit(async () => {
        const { port1, port2 } = new MessageChannel()
        const deadline = deadlineOf(timeoutSeconds * 1000)
        const answers = answerCorpus(port1, corpus, deadline)
        try {
          const task = { invention, port: port2, started: deadline.started }
          return await runTask<Worker, 'analyze'>(analysis.pool, 'analyze', task, {
            transferList: [port2, deadline.started],
            signal: analysis.signal(deadline.signal),
          })
        } catch (error) {
          throw failure(error, deadline.signal, analysisMessages.tooSlow(timeoutSeconds), answers.failure())
        } finally {
          deadline.stop()
          port1.close()
        }
      })
    },

    /** The drafting checks of a draft (POST /api/drafting/checks). */
    async draftingChecks(text: DraftText): Promise<DraftingIssue[]> {
      const { drafting } = lanes()
      return drafting.admit(async () => {
        const deadline = deadlineOf(timeoutSeconds * 1000)
        try {
          const task = { text, started: deadline.started }
          return await runTask<Worker, 'draftingChecks'>(drafting.pool, 'draftingChecks', task, {
            transferList: [deadline.started],
            signal: drafting.signal(deadline.signal),
          })
        } catch (error) {
          throw failure(error, deadline.signal, analysisMessages.draftingTooSlow(timeoutSeconds))
        } finally {
          deadline.stop()
        }
      })
    },

    /**
     * Bundles the code and starts the analysis thread now, kept while the server runs: starting one costs
     * an analysis 0.5–0.8 s, which users would meet at the first analysis after every idle minute, and a
     * kept thread holds about 70 MB (docs/decisions/0025). Drafting checks are short and start theirs
     * when asked.
     */
    warm() {
      lanes(1)
    },

    close: () => Promise.all(Object.values(made ?? {}).map((l) => l.pool.destroy())),
  }
}

export type EngineThreads = ReturnType<typeof createEngineThreads>
