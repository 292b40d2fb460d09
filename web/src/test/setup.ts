import { cleanup, configure } from '@testing-library/react'
import { afterEach } from 'vitest'
import { dismissToastsOfEarlierScreens } from '@/components/ui/toast'
import { clearSession } from '@/lib/session'

// findBy* and waitFor wait on a condition; a busy machine (CI beside other jobs) can take longer than
// the 1 s default to render, so they wait up to 5 s, still ending as soon as the condition holds.
configure({ asyncUtilTimeout: 5000 })

// Testing Library unmounts by itself only where test functions are globals, which they are not here.
// The toast store outlives a render: each test is a new screen, so no toast of one is found by the next.
afterEach(() => {
  cleanup()
  clearSession()
  dismissToastsOfEarlierScreens(Number.POSITIVE_INFINITY)
})
