import pino from 'pino'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { startPeriodicJob } from './periodic-job'

const log = pino({ level: 'silent' })

describe('startPeriodicJob', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('runs at once, then every interval, and stops', async () => {
    vi.useFakeTimers()
    const sendReminders = vi.fn(async () => 0)
    const job = startPeriodicJob({ name: 'reminders', run: sendReminders, intervalMinutes: 60, log })
    await job.firstRun
    expect(sendReminders).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(60 * 60_000)
    expect(sendReminders).toHaveBeenCalledTimes(2)
    await job.stop()
    await vi.advanceTimersByTimeAsync(3 * 60 * 60_000)
    expect(sendReminders).toHaveBeenCalledTimes(2)
  })

  it('runs first one interval after the start when told not to run at it', async () => {
    vi.useFakeTimers()
    const backUp = vi.fn(async () => 1)
    const job = startPeriodicJob({
      name: 'backups',
      run: backUp,
      intervalMinutes: 60,
      runAtStart: false,
      log,
    })
    await job.firstRun
    await vi.advanceTimersByTimeAsync(59 * 60_000)
    expect(backUp).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(60_000)
    expect(backUp).toHaveBeenCalledTimes(1)
    await job.stop()
  })

  it('never overlaps a slow run and survives a failing one', async () => {
    vi.useFakeTimers()
    let finish: (sent: number) => void = () => {}
    const sendReminders = vi
      .fn<() => Promise<number>>()
      .mockImplementationOnce(() => new Promise((resolve) => (finish = resolve)))
      .mockRejectedValueOnce(new Error('database down'))
      .mockResolvedValue(1)
    const job = startPeriodicJob({ name: 'reminders', run: sendReminders, intervalMinutes: 1, log })
    await vi.advanceTimersByTimeAsync(3 * 60_000)
    expect(sendReminders).toHaveBeenCalledTimes(1)
    finish(0)
    await job.firstRun
    await vi.advanceTimersByTimeAsync(60_000)
    await vi.advanceTimersByTimeAsync(60_000)
    expect(sendReminders).toHaveBeenCalledTimes(3)
    await job.stop()
  })

  it('does nothing when turned off', async () => {
    const sendReminders = vi.fn(async () => 0)
    const job = startPeriodicJob({ name: 'reminders', run: sendReminders, intervalMinutes: 0, log })
    await job.firstRun
    await job.stop()
    expect(sendReminders).not.toHaveBeenCalled()
  })
})
