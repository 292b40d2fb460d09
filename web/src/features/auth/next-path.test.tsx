import { describe, expect, it } from 'vitest'
import { loginPathFor, safeNextPath } from './next-path'

describe('safeNextPath', () => {
  it.each([
    ['/settings', '/settings'],
    ['/patents/GB123?tab=claims#c2', '/patents/GB123?tab=claims#c2'],
    ['/a/../settings', '/settings'],
  ])('keeps the same-site path %s', (value, expected) => {
    expect(safeNextPath(value)).toBe(expected)
  })

  it.each([
    null,
    '',
    'settings',
    '//evil.example/x',
    '/\\evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
    '/\tfoo',
    '/login',
  ])('refuses %s', (value) => {
    expect(safeNextPath(value)).toBeUndefined()
  })
})

describe('loginPathFor', () => {
  it('carries the path in next, and none for the home page', () => {
    expect(loginPathFor('/settings?tab=security')).toBe('/login?next=%2Fsettings%3Ftab%3Dsecurity')
    expect(loginPathFor('/')).toBe('/login')
  })
})
