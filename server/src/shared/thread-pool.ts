import { setMaxListeners } from 'node:events'
import type { Transferable } from 'node:worker_threads'
import type { FastifyBaseLogger } from 'fastify'
import pLimit from 'p-limit'
import { Piscina } from 'piscina'

/** The functions a worker module exports: the tasks its threads run, by name. */
type Tasks<Module> = {
  [Name in keyof Module as Module[Name] extends (task: never) => unknown ? Name : never]: Module[Name]
}
export type TaskName<Module> = keyof Tasks<Module> & string
type TaskOf<Module, Name extends TaskName<Module>> = Tasks<Module>[Name] extends (task: infer T) => infer R
  ? { argument: T; answer: Awaited<R> }
  : never
export type TaskArgument<Module, Name extends TaskName<Module>> = TaskOf<Module, Name>['argument']
export type TaskAnswer<Module, Name extends TaskName<Module>> = TaskOf<Module, Name>['answer']

type Transfer = readonly Transferable[]
/**
 * A task's argument, or a function that makes it once a thread is free, with what it hands over rather
 * than clones: nothing made for the thread (a copy of a document) is held while the task waits.
 */
type Argument<A> = A | (() => { argument: A; transferList?: Transfer })

/** Aborts every task waiting on a pool's threads; each task listens to it, so it has no listener limit. */
function failureSignal() {
  const controller = new AbortController()
  setMaxListeners(0, controller.signal)
  return controller
}

/**
 * A pool of worker threads (Piscina) running the tasks of `Module` (`import type * as Module`), typed by
 * the module itself: a call's argument and answer are the exported function's, so they cannot drift. Every
 * pool of the server is one (the analysis engine's, the patent index's, the document reader's), so that
 * each keeps the same promises:
 * - **the queue is ours**: the pool only ever gets a free thread's work. Piscina does not replace a thread
 *   it ended (a deadline, the heap limit) while tasks wait, and its own bound counts threads still
 *   starting. Past `threads + queue` tasks, `busy` is thrown (a 503 with Retry-After).
 * - **a failed thread fails its tasks**: Piscina leaves the task of a thread that could not start waiting
 *   for ever, so every task running or waiting is ended with the error; and a thread failing between
 *   tasks is logged, never an unhandled 'error' event of the server. The next task starts a new thread.
 */
export function createThreadPool<Module>(options: {
  /** What the threads do, for the log ("patent index", "document reader"). */
  name: string
  /** The threads' module (plain JavaScript: shared/bundled.ts makes one of TypeScript). */
  code: URL
  threads: number
  /** Threads started now and kept (the others leave after `idleMs` without work). */
  kept?: number
  idleMs: number
  /** The V8 heap of each thread; past it the thread ends and its task fails with ERR_WORKER_OUT_OF_MEMORY. */
  memoryMb?: number
  workerData?: unknown
  /** Tasks that may wait for a thread (default: no bound). */
  queue?: number
  /** The error a task meets when `queue` are waiting already. */
  busy?: () => Error
  log?: FastifyBaseLogger
}) {
  const { threads, queue = Number.POSITIVE_INFINITY } = options
  const pool = new Piscina({
    filename: options.code.href,
    minThreads: options.kept ?? 0,
    maxThreads: threads,
    idleTimeout: options.idleMs,
    workerData: options.workerData,
    ...(options.memoryMb ? { resourceLimits: { maxOldGenerationSizeMb: options.memoryMb } } : {}),
  })
  let failed = failureSignal()
  pool.on('error', (error) => {
    options.log?.error({ err: error }, `${options.name} thread failed`)
    failed.abort(error)
    failed = failureSignal()
  })
  const slots = pLimit(threads)

  return {
    /**
     * Runs task `name` on a free thread once those before it are done; `signal` ends it early (the thread
     * is ended and a new one starts for the next task), as a failing thread of the pool does.
     */
    run<Name extends TaskName<Module>>(
      name: Name,
      argument: Argument<TaskArgument<Module, Name>>,
      { signal, transferList }: { signal?: AbortSignal; transferList?: Transfer } = {},
    ): Promise<TaskAnswer<Module, Name>> {
      if (slots.activeCount + slots.pendingCount >= threads + queue && options.busy)
        return Promise.reject(options.busy())
      return slots(() => {
        type Made = { argument: TaskArgument<Module, Name>; transferList?: Transfer }
        const task: Made =
          typeof argument === 'function' ? (argument as () => Made)() : { argument, transferList }
        const ended = signal ? AbortSignal.any([signal, failed.signal]) : failed.signal
        return pool.run(task.argument, {
          name,
          transferList: task.transferList as Transferable[],
          signal: ended,
        })
      })
    },

    /** Tasks running and waiting for a thread. */
    load: () => ({ running: slots.activeCount, waiting: slots.pendingCount }),

    close: () => pool.destroy(),
  }
}

export type ThreadPool<Module> = ReturnType<typeof createThreadPool<Module>>
