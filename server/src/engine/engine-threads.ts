import { MessageChannel } from 'node:worker_threads'
import { analysisMessages } from '@patentdesk/contract/analysis'
import type { DraftingIssue, DraftText } from '@patentdesk/contract/drafting'
import type { FastifyBaseLogger } from 'fastify'
import { AppError } from '~/errors'
import { bundled, threadCode } from '~/shared/bundled'
import { deadlineOf } from '~/shared/thread-deadline'
import { createThreadPool, type TaskAnswer, type ThreadPool } from '~/shared/thread-pool'
import type { Corpus, Invention } from './analysis/engine'
import { answerCorpus } from './corpus-port'
import type * as EngineWorker from './engine-worker'

/** What an analysis reads: the invention and the corpus it is weighed against. */
export type { Corpus, Invention }

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
  worker,
}: {
  /** Where the threads' bundled code is written. */
  dir: string
  timeoutSeconds: number
  log?: FastifyBaseLogger
  /** The heap of each thread (tests give a small one). */
  memoryMb?: number
  /** Another module for the threads, in TypeScript (tests give one with a deliberately slow entry). */
  worker?: URL
}) {
  /** A lane's pool: its threads, its queue and the 503 a full queue answers. */
  const lane = (code: URL, kind: keyof typeof engineLanes, kept: number) =>
    createThreadPool<Worker>({
      name: `${kind} engine`,
      code,
      ...engineLanes[kind],
      kept,
      idleMs: IDLE_MS,
      memoryMb,
      log,
      busy: () =>
        new AppError('UNAVAILABLE', analysisMessages.busy, undefined, {
          'retry-after': String(timeoutSeconds),
        }),
    })
  /**
   * The threads' code is bundled and the pools made at the first task, or by `warm`, not at start: most
   * servers of a test run, and every CLI command, never analyse anything.
   */
  let made: { analysis: ThreadPool<Worker>; drafting: ThreadPool<Worker> } | undefined
  const lanes = (kept = 0) => {
    if (made) return made
    const code = worker ? bundled(worker, dir) : threadCode('engine-worker', dir)
    made = { analysis: lane(code, 'analysis', kept), drafting: lane(code, 'drafting', 0) }
    return made
  }

  /**
   * Why a task failed: the corpus's own answer, a full queue (503), the deadline or the memory limit (422),
   * or the engine's fault (a 500).
   */
  function failure(error: unknown, deadline: AbortSignal, tooSlow: string, corpus?: { error: unknown }) {
    if (corpus) return corpus.error
    if (error instanceof AppError) return error
    if (deadline.aborted) return new AppError('UNPROCESSABLE', tooSlow)
    if ((error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY')
      return new AppError('UNPROCESSABLE', analysisMessages.tooMuchMemory(memoryMb))
    log?.error({ err: error }, 'the analysis engine failed')
    return error
  }

  return {
    /** The offline analysis of `invention` against `corpus`. */
    async analyze(invention: Invention, corpus: Corpus): Promise<Analysis> {
      const { port1, port2 } = new MessageChannel()
      const deadline = deadlineOf(timeoutSeconds * 1000)
      const answers = answerCorpus(port1, corpus, deadline)
      try {
        return await lanes().analysis.run(
          'analyze',
          { invention, port: port2, started: deadline.started },
          { transferList: [port2, deadline.started], signal: deadline.signal },
        )
      } catch (error) {
        throw failure(error, deadline.signal, analysisMessages.tooSlow(timeoutSeconds), answers.failure())
      } finally {
        deadline.stop()
        port1.close()
      }
    },

    /** The drafting checks of a draft (POST /api/drafting/checks). */
    async draftingChecks(text: DraftText): Promise<DraftingIssue[]> {
      const deadline = deadlineOf(timeoutSeconds * 1000)
      try {
        return await lanes().drafting.run(
          'draftingChecks',
          { text, started: deadline.started },
          { transferList: [deadline.started], signal: deadline.signal },
        )
      } catch (error) {
        throw failure(error, deadline.signal, analysisMessages.draftingTooSlow(timeoutSeconds))
      } finally {
        deadline.stop()
      }
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

    close: () => Promise.all(Object.values(made ?? {}).map((l) => l.close())),
  }
}

export type EngineThreads = ReturnType<typeof createEngineThreads>
