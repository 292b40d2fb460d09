import type { FastifyBaseLogger } from 'fastify'

/**
 * Work that runs after the answer is written (mails, notices), so that neither its time nor its failure
 * shows in the answer. `settle` resolves once all of it is done; the app waits for it on close, tests
 * before they look at the outbox.
 */
export function createBackgroundTasks(log: FastifyBaseLogger) {
  const running = new Set<Promise<void>>()
  return {
    /** Runs `task` on the next turn of the event loop and logs its failure as `failure`. */
    run(task: () => Promise<unknown>, failure: string) {
      const done: Promise<void> = new Promise((resolve) => setImmediate(resolve))
        .then(task)
        .then(() => undefined)
        .catch((error: unknown) => log.error({ err: error }, failure))
        .finally(() => running.delete(done))
      running.add(done)
    },
    async settle() {
      while (running.size > 0) await Promise.all(running)
    },
  }
}

export type BackgroundTasks = ReturnType<typeof createBackgroundTasks>
