import { cleanup, configure } from '@testing-library/react'
import { afterEach } from 'vitest'
import { dismissToastsOfEarlierScreens } from '@/components/ui/toast'
import { clearSession } from '@/lib/session'

// findBy* and waitFor wait on a condition, and end as soon as it holds: how long one may wait is a bound on
// a hang, not on speed (a machine running two suites at once renders several times slower), so they wait up
// to 20 s, within the test's 30 s: a condition that never comes still fails, with Testing Library's own
// account of the screen.
configure({ asyncUtilTimeout: 20_000 })

// Testing Library unmounts by itself only where test functions are globals, which they are not here.
// The toast store outlives a render: each test is a new screen, so no toast of one is found by the next.
afterEach(() => {
  cleanup()
  clearSession()
  dismissToastsOfEarlierScreens(Number.POSITIVE_INFINITY)
})
