import { describe, expect, it } from 'vitest'
import { clientPageOf, isClientPath } from './client-routes'

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

describe('clientPageOf', () => {
  it('names the page of a path', () => {
    expect(clientPageOf('/')).toBe('landing')
    expect(clientPageOf('/Search/')).toBe('search')
    expect(clientPageOf('/patents')).toBe('myPatents')
    expect(clientPageOf('/patents/12')).toBe('application')
    expect(clientPageOf('/patents/12/feedback')).toBe('applicationFeedback')
    expect(clientPageOf('/nope')).toBeUndefined()
  })
})
