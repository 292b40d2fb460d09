import { describe, expect, it } from 'vitest'
import { buildTestApp } from '~/test/test-app'

const t = await buildTestApp()

async function userWithNotifications(count: number) {
  const user = await t.registerUser()
  for (let i = 1; i <= count; i++) {
    await t.services.notifications.notify({ userId: user.id, title: `Title ${i}`, message: `Message ${i}` })
  }
  return user
}

describe('notifications', () => {
  it('lists only the user’s own notifications, newest first, in the contract’s shape', async () => {
    const user = await userWithNotifications(3)
    await userWithNotifications(2)
    const list = (await t.request('GET', '/api/notifications', { token: user.token })).json() as Array<
      Record<string, unknown>
    >
    expect(list.map((n) => n.title)).toEqual(['Title 3', 'Title 2', 'Title 1', 'Welcome to PatentDesk'])
    expect(Object.keys(list[0] ?? {}).sort()).toEqual([
      'createdAt',
      'id',
      'isRead',
      'link',
      'message',
      'patentId',
      'title',
    ])
    expect(list.every((n) => n.isRead === false && n.patentId === null && n.link === null)).toBe(true)
  })

  it('marks one read, refuses someone else’s, and marks all read with an empty body', async () => {
    const user = await userWithNotifications(3)
    const stranger = await t.registerUser()
    const [first] = (await t.request('GET', '/api/notifications', { token: user.token })).json() as Array<{
      id: number
    }>
    const foreign = await t.request('PUT', `/api/notifications/${first?.id}/read`, { token: stranger.token })
    expect(foreign.statusCode).toBe(404)
    expect(
      (await t.request('PUT', `/api/notifications/${first?.id}/read`, { token: user.token })).statusCode,
    ).toBe(200)
    const unread = async () =>
      (
        (await t.request('GET', '/api/notifications', { token: user.token })).json() as Array<{
          isRead: boolean
        }>
      ).filter((n) => !n.isRead).length
    expect(await unread()).toBe(3)
    const all = await t.app.inject({
      method: 'PUT',
      url: '/api/notifications/read-all',
      headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
    })
    expect(all.statusCode).toBe(200)
    expect(await unread()).toBe(0)
  })

  it('stores a notification with a dedupe key once', async () => {
    const user = await t.registerUser()
    const note = { userId: user.id, title: 'Deadline', message: 'Soon', dedupeKey: 'deadline:1:30' }
    expect(await t.services.notifications.notify(note)).toBeDefined()
    expect(await t.services.notifications.notify(note)).toBeUndefined()
    expect((await t.services.notifications.list(user.id)).filter((n) => n.title === 'Deadline')).toHaveLength(
      1,
    )
  })
})
