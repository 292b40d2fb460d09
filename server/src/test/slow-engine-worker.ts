import { BroadcastChannel } from 'node:worker_threads'
import { type AnalyzeTask, analyze as analyzeInThread } from '~/engine/engine-worker'

export { draftingChecks } from '~/engine/engine-worker'

/** The title that sends the engine into a loop it never leaves, as a super-linear expression would. */
export const SPINNING_TITLE = 'An engine bug that never finishes'
/** The title that makes the engine hold more and more memory, as a runaway allocation would. */
export const HOARDING_TITLE = 'An engine bug that never lets go'
/** Told 'spinning' when an engine thread starts its loop, so a test knows the thread is held. */
export const SPINNING_CHANNEL = 'slow-engine'

/** The engine's threads' module for tests: the real engine, but for two titles. */
export function analyze(task: AnalyzeTask) {
  if (task.invention.title === HOARDING_TITLE) return hoard(task)
  if (task.invention.title !== SPINNING_TITLE) return analyzeInThread(task)
  task.started.postMessage('started')
  // Left open: the thread is ended with its loop.
  new BroadcastChannel(SPINNING_CHANNEL).postMessage('spinning')
  // Busy for ever: only the deadline, which ends the thread, stops it.
  for (;;) Math.random()
}

/** Holds ever more strings until the thread's heap limit ends it. */
function hoard(task: AnalyzeTask) {
  task.started.postMessage('started')
  const held: string[][] = []
  for (;;) held.push(Array.from({ length: 100_000 }, (_, i) => `${i}${held.length}`))
}
