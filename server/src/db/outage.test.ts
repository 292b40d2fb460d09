import { rm } from 'node:fs/promises'
import type { Socket } from 'node:net'
import { setTimeout as sleep } from 'node:timers/promises'
import { messages } from '@patentdesk/contract/errors'
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '~/app'
import { startTcpProxy } from '~/test/tcp-proxy'
import { validApplication } from '~/test/test-app'
import { createTestDatabase, testConfig } from '~/test/test-database'
import { until } from '~/test/until'
import { createDatabase } from './client'
import type { Database } from './database'
import { rowsOf } from './rows'

type Answer = { status: number; retryAfter?: string; message?: string }

// PostgreSQL only: the embedded database is part of the process and cannot go away from it.
describe.runIf(process.env.TEST_DRIVER === 'postgres')('PostgreSQL going away under writes', () => {
  let direct: Awaited<ReturnType<typeof createTestDatabase>>
  let proxy: Awaited<ReturnType<typeof startTcpProxy>>
  let database: Database
  let app: FastifyInstance
  const config = testConfig()

  beforeAll(async () => {
    direct = await createTestDatabase()
    const url = new URL(direct.url as string)
    proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) })
    url.host = `127.0.0.1:${proxy.port}`
    // The server reaches the database through the proxy, which the test cuts.
    database = await createDatabase({ driver: 'postgres', url: url.toString(), maxConnections: 4 })
    ;({ app } = await buildApp({ config, database, log: pino({ level: 'silent' }) }))
    await app.ready()
  })
  // Each closing step is given 20 s and named when it takes longer: alone, closing takes 53 ms, but in two
  // full parallel runs on two cores one step did not end within 120 s, which is not understood yet.
  afterAll(async () => {
    const steps: [string, (() => Promise<unknown>) | undefined][] = [
      ['the app', app && (() => app.close())],
      ['the pool', database && (() => database.close())],
      ['the proxy', proxy && (() => proxy.close())],
      ['the test database', direct && (() => direct.close())],
      ['the data folder', () => rm(config.dataDir, { recursive: true, force: true })],
    ]
    for (const [name, step] of steps) {
      if (!step) continue
      const ended = await Promise.race([step().then(() => true), sleep(20_000).then(() => false)])
      if (!ended) console.warn(`outage test: closing ${name} took more than 20 s`)
    }
  }, 120_000)

  it('answers 503 with Retry-After while it is away, loses no acknowledged write, and serves again on its return', async () => {
    const registered = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        username: 'outage',
        email: 'outage@example.com',
        fullName: 'Out Age',
        password: 'secret-pass',
      },
    })
    const { token } = registered.json() as { token: string }
    const answers: Answer[] = []
    const acknowledged: number[] = []
    let writing = true
    const writer = async () => {
      while (writing) {
        const response = await app.inject({
          method: 'POST',
          url: '/api/patents',
          headers: { authorization: `Bearer ${token}` },
          payload: validApplication,
        })
        const body = response.json() as { id?: number; message?: string }
        answers.push({
          status: response.statusCode,
          retryAfter: response.headers['retry-after'] as string | undefined,
          message: body.message,
        })
        if (response.statusCode === 201) acknowledged.push(body.id as number)
        await sleep(10)
      }
    }
    // Four writers at once: some writes are in flight when the connections are cut. Each step waits for what
    // the writers meet, not for time.
    const writers = Array.from({ length: 4 }, writer)
    try {
      await until(() => acknowledged.length >= 4)
      await proxy.cut()
      const cut = answers.length
      await until(() => answers.slice(cut).some((a) => a.status === 503))
      const health = await app.inject({ method: 'GET', url: '/api/health' })
      expect(health.statusCode).toBe(503)
      expect(health.json()).toMatchObject({ status: 'degraded', database: { ok: false } })
      await proxy.restore()
      const back = answers.length
      // Served again once it is back.
      await until(() => answers.slice(back).some((a) => a.status === 201))
    } finally {
      writing = false
      await Promise.all(writers)
    }

    const refused = answers.filter((a) => a.status !== 201)
    expect(refused.length).toBeGreaterThan(0)
    for (const answer of refused)
      expect(answer).toMatchObject({ status: 503, retryAfter: '5', message: messages.databaseUnavailable })
    // Every write answered 201 is stored.
    const stored = rowsOf<{ id: number }>(
      await direct.db.execute(
        sql`select id from patent_applications where id = any(${sql.param(acknowledged)}::int[])`,
      ),
    )
    expect(stored).toHaveLength(acknowledged.length)
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200)
  })

  it('gives back a connection lost at a transaction’s BEGIN, which Drizzle alone kept for good', async () => {
    const one = await createDatabase({ driver: 'postgres', url: direct.url as string, maxConnections: 1 })
    try {
      const pool = one.pool as NonNullable<Database['pool']>
      // The connection dies as it is checked out, before the transaction's first statement.
      pool.once('acquire', (client) =>
        (client as unknown as { connection: { stream: Socket } }).connection.stream.destroy(),
      )
      const select = () => one.db.transaction((tx) => tx.execute(sql`select 1`))
      await expect(select()).rejects.toThrow()
      // The pool's one connection: served only if the lost one was given back.
      await expect(select()).resolves.toBeDefined()
      expect(pool.totalCount - pool.idleCount).toBe(0)
    } finally {
      await one.close()
    }
  })
})
