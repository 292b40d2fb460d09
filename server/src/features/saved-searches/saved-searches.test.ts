import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { savedSearchLimits, savedSearchMessages } from '@patentdesk/contract/saved-searches'
import { eq, sql } from 'drizzle-orm'
import pino from 'pino'
import { afterAll, describe, expect, it } from 'vitest'
import { rowsOf } from '~/db/rows'
import { users } from '~/db/schema'
import { ensureCorpusLoaded } from '~/features/patents/corpus'
import { importPatents } from '~/features/patents/importer'
import { mailsTo } from '~/test/outbox'
import { firstRecordsCorpus } from '~/test/small-corpus'
import { buildTestApp, json } from '~/test/test-app'

const t = await buildTestApp()
const log = pino({ level: 'silent' })
const corpus = await firstRecordsCorpus(60)
await ensureCorpusLoaded(t.database, log, corpus.dir)
await t.services.priorArt.warm()
// The corpus's own load is journalled too: matched now, before anyone saved a search.
await t.services.alerts.matchImports()
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'patentdesk-alerts-'))
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true })
  fs.rmSync(corpus.dir, { recursive: true, force: true })
})

const [alice, bob] = [await t.registerUser(), await t.registerUser()]
const search = { q: 'quernstone', applicant: 'Millwright' }

const record = (n: number, title: string, extra: object = {}) =>
  JSON.stringify({
    reference: `ZQ${n}`,
    country: 'ZQ',
    docNumber: String(n),
    documentType: 'grant',
    title,
    applicants: ['Millwright Ltd'],
    source: 'test',
    ...extra,
  })

let files = 0
/** Imports the records as the CLI does, then lets the alerts match them. */
async function imported(lines: string[]) {
  const file = path.join(dir, `import-${++files}.jsonl`)
  fs.writeFileSync(file, `${lines.join('\n')}\n`)
  await importPatents(t.database, file, { log })
  return t.services.alerts.matchImports()
}

/** The user's notifications of saved searches and watches (not the welcome one), newest first. */
const notificationsOf = async (token: string) =>
  (
    (await t.request('GET', '/api/notifications', { token })).json() as {
      title: string
      message: string
      link: string | null
    }[]
  ).filter((n) => n.link !== null)

describe('saved searches', () => {
  let id = 0

  it('are saved with their query, filters and alert, and listed to their owner only', async () => {
    const created = await t.request('POST', '/api/saved-searches', {
      token: alice.token,
      body: { name: 'Quernstones', query: search },
    })
    expect(created.statusCode, created.body).toBe(201)
    expect(json(created)).toMatchObject({
      name: 'Quernstones',
      query: { ...search, sort: 'relevance', dateType: 'priority' },
      alert: 'weekly',
      newCount: 0,
      lastOpenedAt: null,
    })
    id = json(created).id as number
    expect((await t.request('GET', '/api/saved-searches', { token: alice.token })).json()).toHaveLength(1)
    expect((await t.request('GET', '/api/saved-searches', { token: bob.token })).json()).toEqual([])
    for (const [method, url] of [
      ['PATCH', `/api/saved-searches/${id}`],
      ['DELETE', `/api/saved-searches/${id}`],
      ['GET', `/api/saved-searches/${id}/new`],
    ] as const) {
      const response = await t.request(method, url, { token: bob.token, body: { name: 'Mine' } })
      expect(response.statusCode).toBe(404)
      expect(json(response).message).toBe(savedSearchMessages.notFound)
    }
    expect((await t.request('GET', '/api/saved-searches')).statusCode).toBe(401)
  })

  it('answer 401 to anyone not signed in, and 404 to anyone but the owner, administrators included', async () => {
    const admin = await t.loginAdmin()
    const watch = json(
      await t.request('POST', '/api/watches', { token: alice.token, body: { reference: 'US9449495' } }),
    )
    const owned = [
      ['PATCH', `/api/saved-searches/${id}`],
      ['DELETE', `/api/saved-searches/${id}`],
      ['GET', `/api/saved-searches/${id}/new`],
      ['DELETE', `/api/watches/${watch.id}`],
    ] as const
    for (const [method, url] of [
      ['GET', '/api/saved-searches'],
      ['POST', '/api/saved-searches'],
      ['GET', '/api/watches'],
      ['POST', '/api/watches'],
      ...owned,
    ] as const)
      expect((await t.request(method, url, { body: {} })).statusCode, `${method} ${url}`).toBe(401)
    for (const [method, url] of owned) {
      const response = await t.request(method, url, { token: admin.token, body: { name: 'Mine' } })
      expect(response.statusCode, `${method} ${url}`).toBe(404)
    }
    expect((await t.request('GET', '/api/saved-searches', { token: admin.token })).json()).toEqual([])
    expect((await t.request('GET', '/api/watches', { token: admin.token })).json()).toEqual([])
    await t.request('DELETE', `/api/watches/${watch.id}`, { token: alice.token })
  })

  it('refuse a name or query the rules refuse, and past the limit', async () => {
    const refused = async (body: object) => {
      const response = await t.request('POST', '/api/saved-searches', { token: bob.token, body })
      expect(response.statusCode).toBe(400)
      return json(response)
    }
    expect((await refused({ name: ' ', query: search })).fields).toEqual({
      name: savedSearchMessages.nameRequired,
    })
    await refused({ name: 'Broken', query: { q: '(quernstone' } })
    await refused({ name: 'Alert', query: search, alert: 'hourly' })
    const fill = Array.from({ length: savedSearchLimits.searches }, (_, i) =>
      t.request('POST', '/api/saved-searches', { token: bob.token, body: { name: `S${i}`, query: search } }),
    )
    expect((await Promise.all(fill)).map((r) => r.statusCode)).toEqual(fill.map(() => 201))
    const over = await t.request('POST', '/api/saved-searches', {
      token: bob.token,
      body: { name: 'One more', query: search },
    })
    expect(over.statusCode).toBe(409)
    expect(json(over).message).toBe(savedSearchMessages.tooMany)
    await t.database.db.execute(sql`delete from saved_searches where user_id = ${bob.id} and name like 'S%'`)
  })

  it('record exactly the matching patents of an import, once, in a notification and the "new" list', async () => {
    const matched = await imported([
      record(1, 'Quernstone dressing tool'),
      record(2, 'Hand quernstone with a spindle'),
      record(3, 'Quernstone of another maker', { applicants: ['Stonecutter plc'] }),
      record(4, 'Windmill sail'),
    ])
    expect(matched).toBe(4)
    const [notification] = await notificationsOf(alice.token)
    expect(notification).toMatchObject({
      title: "2 new patents for 'Quernstones'",
      message: 'ZQ1, ZQ2',
      link: `/serpapi-search?q=quernstone&applicant=Millwright&saved=${id}`,
    })
    const [listed] = (await t.request('GET', '/api/saved-searches', { token: alice.token })).json()
    expect(listed.newCount).toBe(2)
    const fresh = (await t.request('GET', `/api/saved-searches/${id}/new`, { token: alice.token })).json()
    expect(fresh.patents.map((p: { reference: string }) => p.reference).sort()).toEqual(['ZQ1', 'ZQ2'])
    // Opened: nothing is new until the next import finds something.
    const again = (await t.request('GET', `/api/saved-searches/${id}/new`, { token: alice.token })).json()
    expect(again.patents).toEqual([])

    // The same file again changes nothing; a changed record already found is not news; a new one is.
    expect(await imported([record(1, 'Quernstone dressing tool')])).toBe(0)
    await imported([record(2, 'Hand quernstone with a long spindle'), record(5, 'Quernstone crane')])
    const titles = (await notificationsOf(alice.token)).map((n) => n.title)
    expect(titles).toEqual(["1 new patent for 'Quernstones'", "2 new patents for 'Quernstones'"])
    expect((await notificationsOf(bob.token)).map((n) => n.title)).toEqual([])
  })

  it('are renamed, set to alert otherwise, stopped by their unsubscribe token, and deleted', async () => {
    const patched = await t.request('PATCH', `/api/saved-searches/${id}`, {
      token: alice.token,
      body: { name: 'Querns', alert: 'instant' },
    })
    expect(json(patched)).toMatchObject({ name: 'Querns', alert: 'instant' })
    const [{ token }] = rowsOf<{ token: string }>(
      await t.database.db.execute(
        sql`select unsubscribe_token as token from saved_searches where id = ${id}`,
      ),
    ) as [{ token: string }]
    const unsubscribed = await t.request('POST', '/api/public/saved-searches/unsubscribe', {
      body: { token },
    })
    expect(unsubscribed.statusCode).toBe(200)
    const [listed] = (await t.request('GET', '/api/saved-searches', { token: alice.token })).json()
    expect(listed).toMatchObject({ name: 'Querns', alert: 'off' })
    const unknown = await t.request('POST', '/api/public/saved-searches/unsubscribe', {
      body: { token: 'x' },
    })
    expect(unknown.statusCode).toBe(404)
    expect((await t.request('DELETE', `/api/saved-searches/${id}`, { token: alice.token })).statusCode).toBe(
      200,
    )
    expect((await t.request('GET', '/api/saved-searches', { token: alice.token })).json()).toEqual([])
  })
})

describe('watches', () => {
  it('tell the owner when a new patent cites the watched one, or its record changes', async () => {
    const watched = await t.request('POST', '/api/watches', { token: bob.token, body: { reference: 'ZQ 4' } })
    expect(watched.statusCode, watched.body).toBe(201)
    expect(json(watched)).toMatchObject({ reference: 'ZQ4', title: 'Windmill sail' })
    const twice = await t.request('POST', '/api/watches', { token: bob.token, body: { reference: 'ZQ4' } })
    expect(json(twice).message).toBe(savedSearchMessages.alreadyWatched)

    await imported([record(6, 'Sail cloth', { citations: ['ZQ4'] }), record(7, 'Millpond')])
    await imported([record(4, 'Windmill sail with reefing')])
    expect((await notificationsOf(bob.token)).map((n) => [n.title, n.link])).toEqual([
      ['ZQ4 changed', '/patent-details/ZQ4'],
      ['1 new patent citing ZQ4', '/patent-details/ZQ6'],
    ])
    const [watch] = (await t.request('GET', '/api/watches', { token: bob.token })).json()
    expect((await t.request('DELETE', `/api/watches/${watch.id}`, { token: alice.token })).statusCode).toBe(
      404,
    )
    expect((await t.request('DELETE', `/api/watches/${watch.id}`, { token: bob.token })).statusCode).toBe(200)
  })

  it('are told of a batch that cites more references than a statement may have parameters', async () => {
    // A weekly grant file cites hundreds of thousands of references; PostgreSQL takes 65,535 parameters.
    await t.request('POST', '/api/watches', { token: bob.token, body: { reference: 'ZQ7' } })
    const cited = (n: number) => Array.from({ length: 3500 }, (_, i) => `XX${n * 10_000 + i}`)
    const many = Array.from({ length: 20 }, (_, n) => record(100 + n, 'Sluice gate', { citations: cited(n) }))
    await imported([...many, record(120, 'Sluice gate', { citations: ['ZQ7'] })])
    expect((await notificationsOf(bob.token))[0]).toMatchObject({
      title: '1 new patent citing ZQ7',
      link: '/patent-details/ZQ120',
    })
  })

  it("go with their owner's account, as saved searches do", async () => {
    await t.request('POST', '/api/watches', { token: bob.token, body: { reference: 'ZQ7' } })
    await t.request('POST', '/api/saved-searches', {
      token: bob.token,
      body: { name: 'Mills', query: search },
    })
    await t.database.db.delete(users).where(eq(users.id, bob.id))
    const left = rowsOf<{ n: number }>(
      await t.database.db.execute(
        sql`select (select count(*) from watches where user_id = ${bob.id}) + (select count(*) from saved_searches where user_id = ${bob.id}) as n`,
      ),
    )
    expect(Number(left[0]?.n)).toBe(0)
  })
})

describe('alert mails', () => {
  it('mail news at once, or in one digest per user and period, each with a link that stops them', async () => {
    const carol = await t.registerUser()
    const save = (name: string, q: string, alert: string) =>
      t.request('POST', '/api/saved-searches', { token: carol.token, body: { name, query: { q }, alert } })
    await save('Spindles', 'spindle', 'instant')
    await save('Cranes', 'crane', 'weekly')
    await save('Sails', 'sail', 'daily')
    await imported([
      record(10, 'Spindle bearing'),
      record(11, 'Crane hook'),
      record(12, 'Sail batten'),
      record(13, 'Millpond sluice'),
    ])
    const mails = t.services.alertMails
    expect(await mails.sendInstant()).toBe(1)
    expect(await mails.sendInstant()).toBe(0)
    const [instant] = mailsTo(t.config.dataDir, carol.email)
    expect(instant?.subject).toBe("1 new patent for 'Spindles'")
    expect(instant?.text).toContain('ZQ10  Spindle bearing')
    expect(instant?.text).not.toMatch(/ZQ1[123]/)
    expect(instant?.html).toMatch(
      /<a href="http:\/\/[^"]+\/patent-details\/ZQ10"[^>]*>ZQ10<\/a> Spindle bearing/,
    )

    // The daily and the weekly digest, once each; the next day, the daily one only, with what is new.
    const now = new Date()
    expect(await mails.sendDigests(now)).toBe(2)
    expect(mailsTo(t.config.dataDir, carol.email).map((m) => m.subject)).toEqual([
      "1 new patent for 'Spindles'",
      "1 new patent for 'Sails'",
      "1 new patent for 'Cranes'",
    ])
    await imported([record(14, 'Sail hoist'), record(15, 'Crane jib')])
    expect(await mails.sendDigests(now)).toBe(0)
    expect(await mails.sendDigests(new Date(now.getTime() + 86_400_000))).toBe(1)
    expect(await mails.sendDigests(new Date(now.getTime() + 8 * 86_400_000))).toBe(1)
    const [daily, weekly] = mailsTo(t.config.dataDir, carol.email).slice(3)
    expect(daily?.text).toContain('ZQ14  Sail hoist')
    expect(weekly?.text).toContain('ZQ15  Crane jib')

    // The instant mail's link stops that search's mails, and nothing else: its notifications go on.
    const token = /\/unsubscribe\?token=([\w-]+)/.exec(instant?.text ?? '')?.[1]
    await t.request('POST', '/api/public/saved-searches/unsubscribe', { body: { token } })
    await imported([record(16, 'Spindle nut')])
    expect(await mails.sendInstant()).toBe(0)
    expect((await notificationsOf(carol.token))[0]?.title).toBe("1 new patent for 'Spindles'")
  })
})
