import type { FastifyBaseLogger } from 'fastify'
import type { FilingService } from './filing.service'

/**
 * Looks for deadline reminders now and then every `intervalMinutes`. Nothing is kept in memory:
 * each run recomputes from the stored dates and the notifications' dedupe keys, so a restart, a
 * missed run or a second server never loses or doubles a reminder.
 */
export function startDeadlineReminders(
  filing: Pick<FilingService, 'sendReminders'>,
  { intervalMinutes, log }: { intervalMinutes: number; log: FastifyBaseLogger },
) {
  let running: Promise<void> | null = null
  const run = () => {
    running ??= filing
      .sendReminders()
      .then((sent) => {
        if (sent > 0) log.info({ sent }, 'deadline reminders sent')
      })
      .catch((error: unknown) => log.error({ err: error }, 'deadline reminders failed'))
      .finally(() => {
        running = null
      })
    return running
  }
  if (intervalMinutes === 0) return { firstRun: Promise.resolve(), stop: async () => {} }
  const firstRun = run()
  const timer = setInterval(run, intervalMinutes * 60_000)
  timer.unref()
  return {
    firstRun,
    /** Stops the timer and waits for a run in progress, so the database can close after it. */
    stop: async () => {
      clearInterval(timer)
      await running
    },
  }
}
