import { describe, expect, it } from 'vitest'
import { isClientPath } from './client-routes'

describe('isClientPath', () => {
  it('knows the paths of the route table, as the client router matches them', () => {
    for (const path of [
      '/',
      '/dashboard',
      '/Dashboard/',
      '/patents/123',
      '/patents/abc/feedback',
      '/patent-details/US1234567B2',
    ])
      expect(isClientPath(path), path).toBe(true)
  })

  it('knows no other path', () => {
    for (const path of [
      '/nope',
      '/patents/1/2/3',
      '/patents//feedback',
      '/patent-details',
      '/api/health',
      '/dashboardx',
    ])
      expect(isClientPath(path), path).toBe(false)
  })
})
