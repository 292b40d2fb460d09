import { setTimeout as sleep } from 'node:timers/promises'

/**
 * Waits until `condition` holds, looking every 20 ms: for an event a test can see but not be told of. A
 * condition that never comes is ended by the test's own timeout.
 */
export async function until(condition: () => boolean | Promise<boolean>) {
  while (!(await condition())) await sleep(20)
}
