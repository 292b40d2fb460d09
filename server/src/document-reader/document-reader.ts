import { readingMessages } from '@patentdesk/contract/documents'
import type { FastifyBaseLogger } from 'fastify'
import { AppError } from '~/errors'
import { entryCode } from '~/paths'
import { documentReaderRefusals } from '~/shared/metrics'
import { deadlineOf } from '~/shared/thread-deadline'
import { createThreadPool } from '~/shared/thread-pool'
import type { DocumentReadingLimits } from './limits'
import type { DocumentKind, ReadMode, ReadOutcome, ReadTask } from './read-task'
import type * as ReaderThread from './reader-thread'

/** Threads leave after this long without work, so an idle server holds no parser in memory. */
const IDLE_MS = 60_000

/**
 * Reads untrusted documents in a pool of worker threads with a heap limit, a time limit counted from
 * when a worker starts on the document, and a bounded queue: a parser that crashes, hangs or blows up
 * ends its thread, never the server. Problems of the document come back as `{ ok: false, problem }`;
 * a full queue is a 503.
 */
export function createDocumentReader(limits: DocumentReadingLimits, log?: FastifyBaseLogger) {
  const pool = createThreadPool<typeof ReaderThread>({
    name: 'document reader',
    code: entryCode('reader-thread'),
    threads: limits.workers,
    idleMs: IDLE_MS,
    memoryMb: limits.workerMemoryMb,
    workerData: limits,
    queue: limits.queue,
    busy: () => {
      documentReaderRefusals.inc()
      return new AppError('UNAVAILABLE', readingMessages.busy, undefined, {
        'retry-after': String(limits.timeoutSeconds),
      })
    },
    log,
  })

  function explain(error: unknown, deadline: AbortSignal): string {
    if (deadline.aborted) return readingMessages.tooSlow(limits.timeoutSeconds)
    if ((error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY') {
      return readingMessages.tooMuchMemory(limits.workerMemoryMb)
    }
    log?.warn({ err: error }, 'document reader thread ended while reading')
    return readingMessages.unreadable
  }

  async function run(task: Omit<ReadTask, 'started'>): Promise<ReadOutcome> {
    const deadline = deadlineOf(limits.timeoutSeconds * 1000)
    try {
      return await pool.run(
        'default',
        () => {
          // An exact copy, handed over rather than cloned: a Buffer is often a view into a larger pool or
          // request buffer, which would otherwise travel whole, and a parser that reads past the view's end
          // (image-size does, on a cut-off header) would read the neighbouring bytes as the document's.
          const bytes = new Uint8Array(task.bytes)
          return {
            argument: { ...task, bytes, started: deadline.started },
            transferList: [deadline.started, bytes.buffer],
          }
        },
        { signal: deadline.signal },
      )
    } catch (error) {
      // A full queue is the server's answer (503), not the document's.
      if (error instanceof AppError) throw error
      return { ok: false, problem: explain(error, deadline.signal) }
    } finally {
      deadline.stop()
    }
  }

  return {
    read: (kind: DocumentKind, mode: ReadMode, bytes: Uint8Array): Promise<ReadOutcome> =>
      run({ kind, mode, bytes }),

    /** Documents being read, and waiting for a reader. */
    load() {
      const { running, waiting } = pool.load()
      return { reading: running, waiting }
    },

    close: () => pool.close(),
  }
}

export type DocumentReader = ReturnType<typeof createDocumentReader>
