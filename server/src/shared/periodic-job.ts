import type { FastifyBaseLogger } from 'fastify'

type PeriodicJob = {
  /** Names the job in the log: "<name>: 3" after a run that did 3 things. */
  name: string
  /** Does the work and says how much it did; a long job stops early once `signal` is aborted. */
  run: (signal: AbortSignal) => Promise<number>
  /** 0 turns the job off. */
  intervalMinutes: number
  /** `false`: the first run comes one interval after the start, not at it. */
  runAtStart?: boolean
  log: FastifyBaseLogger
}

/**
 * Runs a job now and then every `intervalMinutes`. The jobs keep nothing in memory: each run works
 * from the database (deadline reminders from stored dates and dedupe keys, the pending-upload sweep
 * by age), so a restart, a missed run or a second server never loses or doubles anything.
 */
export function startPeriodicJob({ name, run: task, intervalMinutes, runAtStart = true, log }: PeriodicJob) {
  let running: Promise<void> | null = null
  const stopped = new AbortController()
  const run = () => {
    running ??= task(stopped.signal)
      .then((done) => {
        if (done > 0) log.info({ done }, name)
      })
      .catch((error: unknown) => log.error({ err: error }, `${name} failed`))
      .finally(() => {
        running = null
      })
    return running
  }
  if (intervalMinutes === 0) return { firstRun: Promise.resolve(), stop: async () => {} }
  const firstRun = runAtStart ? run() : Promise.resolve()
  const timer = setInterval(run, intervalMinutes * 60_000)
  timer.unref()
  return {
    firstRun,
    /** Stops the timer and waits for a run in progress, so the database can close after it. */
    stop: async () => {
      clearInterval(timer)
      stopped.abort()
      await running
    },
  }
}
