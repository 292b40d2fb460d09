import { describe, expect, it } from 'vitest'
import { createSessionCache } from './session-cache'

const user = { id: 1, username: 'ada', isAdmin: false, sessionId: 7 }
const entry = (expiresAt: number) => ({ user, expiresAt, lastUsedAt: 0 })

describe('session cache', () => {
  it('keeps a looked-up session until it expires or anything changes', async () => {
    const cache = createSessionCache(true)
    await cache.remember('token', async () => entry(1000))
    expect(cache.get('token', 999)?.user).toEqual(user)
    expect(cache.get('token', 1000)).toBeUndefined()
    await cache.remember('token', async () => entry(2000))
    cache.forget()
    expect(cache.get('token', 0)).toBeUndefined()
  })

  it('does not keep what a lookup read while a change was being made', async () => {
    const cache = createSessionCache(true)
    let finish: () => void = () => {}
    const lookup = cache.remember(
      'token',
      () => new Promise((resolve) => (finish = () => resolve(entry(1000)))),
    )
    cache.forget()
    finish()
    expect(await lookup).toEqual(entry(1000))
    expect(cache.get('token', 0)).toBeUndefined()
  })

  it('keeps nothing when turned off (PostgreSQL, where other servers change sessions too)', async () => {
    const cache = createSessionCache(false)
    await cache.remember('token', async () => entry(1000))
    expect(cache.get('token', 0)).toBeUndefined()
  })
})
