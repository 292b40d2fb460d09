import { performance } from 'node:perf_hooks'
import { MessageChannel, type MessagePort } from 'node:worker_threads'

/**
 * The deadline of a task run in a thread: `ms` of the task's own time, counted from when a thread starts it
 * (the thread says so on `started`: `begin`) and stopped while the task waits on the server (`asking` to
 * `answered`: the engine's questions to the corpus). Neither the wait in the queue, a new thread's start,
 * nor what the server does for it (an index rebuild, its own 503) is blamed on the input. `signal` aborts at
 * the deadline: the pool then ends the thread.
 */
export function deadlineOf(ms: number) {
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
    /** A question to the server is out: the clock stops until every one is answered. */
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

/** In the thread: says on the task's `started` port that this thread has the task, so its deadline runs. */
export function begin(started: MessagePort) {
  started.postMessage('started')
  started.close()
}
