import { describe, expect, it } from 'vitest'
import { ConfigError } from './config'
import { checkNodeVersion, requiredNode } from './node-version'

describe('checkNodeVersion', () => {
  it('reads the requirement from package.json engines and accepts the Node.js running the tests', () => {
    expect(requiredNode()).toBe('>=20.19')
    expect(() => checkNodeVersion()).not.toThrow()
  })

  it('stops an older Node.js with a message naming both versions', () => {
    expect(() => checkNodeVersion('20.11.1', '>=20.19')).toThrow(ConfigError)
    expect(() => checkNodeVersion('18.20.0', '>=20.19')).toThrow(
      'PatentDesk needs Node.js >=20.19; this is Node.js 18.20.0.',
    )
  })
})
