import { cleanup } from '@testing-library/react'
import { afterEach } from 'vitest'
import { clearSession } from '@/features/auth/session'

// Testing Library unmounts by itself only where test functions are globals, which they are not here.
afterEach(() => {
  cleanup()
  clearSession()
})
