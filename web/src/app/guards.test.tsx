import { describe, expect, it } from 'vitest'
import { startSession } from '@/lib/session'
import { testUser } from '@/test/factories'
import { redirectSignedIn } from './guards'

/** Where the loader of /login and /register sends a visitor who arrives signed in. */
function redirectOf(path: string) {
  const url = new URL(path, window.location.origin)
  const answer = redirectSignedIn({
    request: new Request(url),
    url,
    pattern: url.pathname,
    params: {},
    context: {},
  })
  return answer instanceof Response ? answer.headers.get('Location') : answer
}

describe('redirectSignedIn', () => {
  it('lets an anonymous visitor stay', () => {
    expect(redirectOf('/login?next=/patents')).toBeNull()
  })

  it.each([
    '/login?next=/.//evil.example',
    '/login?next=/..//evil.example',
    '/login?next=/%252e//evil.example',
    '/register?next=%2F%2Fevil.example',
    '/register?next=/%5Cevil.example',
    '/login?next=https://evil.example/',
  ])('sends a signed-in visitor of %s to the dashboard', (path) => {
    startSession(testUser)
    expect(redirectOf(path)).toBe('/dashboard')
  })

  it('sends a signed-in visitor to a deep link of this site, query string included', () => {
    startSession(testUser)
    expect(redirectOf('/login?next=%2Fpatents%3Fstatus%3Ddraft')).toBe('/patents?status=draft')
    expect(redirectOf('/register?next=/a/../settings')).toBe('/settings')
  })
})
