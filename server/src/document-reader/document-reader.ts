import { MessageChannel } from 'node:worker_threads'
import { readingMessages } from '@patentdesk/contract/documents'
import type { FastifyBaseLogger } from 'fastify'
import pLimit from 'p-limit'
import { Piscina } from 'piscina'
import { AppError } from '~/errors'
import { documentReaderRefusals } from '~/shared/metrics'
import type { DocumentReadingLimits } from './limits'
import type { DocumentKind, ReadMode, ReadOutcome, ReadTask } from './read-task'

/** Threads leave after this long without work, so an idle server holds no parser in memory. */
const IDLE_MS = 60_000

/**
 * Reads untrusted documents in a pool of worker threads with a heap limit, a time limit counted from
 * when a worker starts on the document, and a bounded queue: a parser that crashes, hangs or blows up
 * ends its thread, never the server. Problems of the document come back as `{ ok: false, problem }`;
 * a full queue is a 503.
 */
export function createDocumentReader(limits: DocumentReadingLimits, log?: FastifyBaseLogger) {
  const pool = new Piscina({
    filename: new URL('./worker.mjs', import.meta.url).href,
    minThreads: 0,
    maxThreads: limits.workers,
    idleTimeout: IDLE_MS,
    resourceLimits: { maxOldGenerationSizeMb: limits.workerMemoryMb },
    workerData: limits,
  })
  // A thread that fails between tasks must not become an unhandled 'error' event of the server.
  pool.on('error', (error) => log?.warn({ err: error }, 'document reader thread failed'))
  // The queue is ours, not the pool's: the pool does not replace a thread it ended (time limit) while
  // tasks wait, and its bound counts threads still starting. The pool only ever gets a free thread's work.
  const slots = pLimit(limits.workers)

  function explain(error: unknown): string {
    if (error instanceof Error && error.name === 'AbortError')
      return readingMessages.tooSlow(limits.timeoutSeconds)
    if ((error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY') {
      return readingMessages.tooMuchMemory(limits.workerMemoryMb)
    }
    log?.warn({ err: error }, 'document reader thread ended while reading')
    return readingMessages.unreadable
  }

  async function run(task: Omit<ReadTask, 'started'>): Promise<ReadOutcome> {
    const { port1, port2 } = new MessageChannel()
    const timeout = new AbortController()
    let timer: NodeJS.Timeout | undefined
    port1.once('message', () => {
      timer = setTimeout(() => timeout.abort(), limits.timeoutSeconds * 1000)
    })
    try {
      // An exact copy, handed over rather than cloned: a Buffer is often a view into a larger pool or
      // request buffer, which would otherwise travel whole, and a parser that reads past the view's end
      // (image-size does, on a cut-off header) would read the neighbouring bytes as the document's.
      const bytes = new Uint8Array(task.bytes)
      return await pool.run(
        { ...task, bytes, started: port2 },
        { transferList: [port2, bytes.buffer], signal: timeout.signal },
      )
    } catch (error) {
      return { ok: false, problem: explain(error) }
    } finally {
      clearTimeout(timer)
      port1.close()
    }
  }

  return {
    async read(kind: DocumentKind, mode: ReadMode, bytes: Uint8Array): Promise<ReadOutcome> {
      if (slots.activeCount + slots.pendingCount >= limits.workers + limits.queue) {
        documentReaderRefusals.inc()
        throw new AppError('UNAVAILABLE', readingMessages.busy, undefined, {
          'retry-after': String(limits.timeoutSeconds),
        })
      }
      return slots(() => run({ kind, mode, bytes }))
    },

    /** Documents being read, and waiting for a reader. */
    load: () => ({ reading: slots.activeCount, waiting: slots.pendingCount }),

    close: () => pool.destroy(),
  }
}

export type DocumentReader = ReturnType<typeof createDocumentReader>
