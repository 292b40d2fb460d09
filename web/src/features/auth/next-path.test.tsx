import { describe, expect, it } from 'vitest'
import { loginPathFor, safeNextPath } from './next-path'

/** `next` as the screens read it: from the address bar's query string, percent-decoded once. */
const nextOf = (query: string) => new URLSearchParams(query).get('next')

describe('safeNextPath', () => {
  it.each([
    ['/settings', '/settings'],
    ['/patents/GB123?tab=claims#c2', '/patents/GB123?tab=claims#c2'],
    ['/patents?status=draft&page=2', '/patents?status=draft&page=2'],
    // Normalised as the URL parser does, and answered in that form: the path checked is the path followed.
    ['/a/../settings', '/settings'],
    ['/./settings', '/settings'],
    ['/%2e%2e/settings', '/settings'],
    ['/./', '/'],
    ['/search?q=a b', '/search?q=a%20b'],
    ['/x?next=//evil.example#//evil', '/x?next=//evil.example#//evil'],
  ])('keeps the same-site path %s as %s', (value, expected) => {
    expect(safeNextPath(value)).toBe(expected)
  })

  it.each([
    null,
    undefined,
    '',
    'settings',
    '/login',
    '/login?next=/settings',
    '/./login',
    // Another host, as written
    '//evil.example/x',
    '///evil.example',
    '/\\evil.example',
    '/\\/evil.example',
    // Another host once dot segments are resolved (also percent-encoded dots)
    '/.//evil.example',
    '/..//evil.example',
    '/%2e//evil.example',
    '/%2E//evil.example',
    '/%2e%2e//evil.example',
    '/.%2e//evil.example',
    '/a/..//evil.example',
    '/./\\evil.example',
    '/.\\/evil.example',
    '/%2e/\\evil.example',
    // Tabs and line breaks, which the URL parser drops
    '/\t/evil.example',
    '/\n/evil.example',
    '/\r\n/evil.example',
    '\t//evil.example',
    '/.\t//evil.example',
    // Percent-encoded slashes, backslashes and control characters that would read as another host once decoded
    '/%2F%2Fevil.example',
    '/%2f/evil.example',
    '/%5Cevil.example',
    '/%5c/evil.example',
    '/%09/evil.example',
    '/%0A/evil.example',
    '/%E0%A4%A',
    // URLs and schemes
    'https://evil.example/',
    'http:/evil.example',
    'HTTPS://evil.example',
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    '/\u0000foo',
  ])('refuses %j', (value) => {
    expect(safeNextPath(value)).toBeUndefined()
  })

  it.each([
    'next=/.//evil.example',
    'next=%2F.%2F%2Fevil.example',
    'next=%2F..%2F%2Fevil.example',
    'next=/%2e//evil.example',
    'next=%2F%252e%2F%2Fevil.example',
    'next=%2F%2Fevil.example',
    'next=/%252F%252Fevil.example',
    'next=/%5Cevil.example',
    'next=%2F%5C%5Cevil.example',
    'next=/%09/evil.example',
    'next=/%2509/evil.example',
    'next=/%0D%0A/evil.example',
    'next=%2F%2F%2Fevil.example',
    'next=https%3A%2F%2Fevil.example',
    'next=javascript%3Aalert(1)',
  ])('refuses the query %s', (query) => {
    expect(safeNextPath(nextOf(query))).toBeUndefined()
  })

  it('keeps an encoded deep link', () => {
    expect(safeNextPath(nextOf('next=%2Fpatents%3Fstatus%3Ddraft'))).toBe('/patents?status=draft')
  })

  it('answers a value that stays itself when read again', () => {
    for (const value of ['/a/../b', '/%2e/c?x=1', '/search?q=a b', '/./']) {
      const path = safeNextPath(value)
      expect(path).toBeDefined()
      expect(safeNextPath(path)).toBe(path)
    }
  })
})

describe('loginPathFor', () => {
  it('carries the path in next, and none for the home page', () => {
    expect(loginPathFor('/settings?tab=security')).toBe('/login?next=%2Fsettings%3Ftab%3Dsecurity')
    expect(loginPathFor('/')).toBe('/login')
  })
})
