import { rm } from 'node:fs/promises'
import type { Application } from '@patentdesk/contract/applications'
import type { SessionUser } from '@patentdesk/contract/session-user'
import type { LightMyRequestResponse } from 'fastify'
import pino from 'pino'
import { afterAll } from 'vitest'
import { type AppOptions, buildApp } from '~/app'
import { createTestDatabase, testConfig } from './test-database'

let counter = 0

/** An application that passes every rule of the contract's `CreateApplicationBodySchema`. */
export const validApplication = {
  title: 'Self-levelling tripod head',
  abstract: 'A tripod head that levels itself with a damped pendulum and a friction clutch, for cameras.',
  description:
    'The invention relates to camera supports. A pendulum hangs below the head and swings to the vertical; ' +
    'a friction clutch then locks the head so the camera stays level on uneven ground.',
  claims: [
    'A tripod head comprising a pendulum and a clutch.',
    'The tripod head of claim 1, wherein the clutch is a friction clutch.',
  ],
  status: 'draft',
}

/** The real app on a fresh database, closed after the file's tests. */
export async function buildTestApp(
  options: Pick<AppOptions, 'authLimits' | 'engineWorker'> & { env?: Record<string, string> } = {},
) {
  const database = await createTestDatabase()
  const config = testConfig(options.env)
  const { app, services } = await buildApp({ config, database, log: pino({ level: 'silent' }), ...options })
  await app.ready()
  afterAll(async () => {
    await app.close()
    await database.close()
    await rm(config.dataDir, { recursive: true, force: true })
  })

  type InjectOptions = { token?: string; body?: unknown; headers?: Record<string, string> }
  const request = (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    opts: InjectOptions = {},
  ) =>
    app.inject({
      method,
      url,
      payload: opts.body as string | object | undefined,
      headers: { ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}), ...opts.headers },
    })

  /** Registers a new user through the API; every call gets unique names. */
  async function registerUser(
    overrides: Partial<Record<'username' | 'email' | 'fullName' | 'password', string>> = {},
  ) {
    counter += 1
    const body = {
      username: `user${counter}_${Date.now() % 100000}`,
      email: `user${counter}_${Date.now() % 100000}@example.com`,
      fullName: `Test User ${counter}`,
      password: 'secret-pass',
      ...overrides,
    }
    const response = await request('POST', '/api/auth/register', { body })
    if (response.statusCode !== 201) throw new Error(`register failed: ${response.body}`)
    return { ...(response.json() as SessionUser), password: body.password }
  }

  async function loginAdmin() {
    const password = 'admin-secret'
    const user = await services.auth.createUser({
      username: `admin${++counter}`,
      email: `admin${counter}@example.com`,
      fullName: 'Ada Admin',
      password,
      isAdmin: true,
    })
    const response = await request('POST', '/api/auth/login', { body: { username: user.username, password } })
    return response.json() as SessionUser
  }

  /** Creates an application through the API as the given user. */
  async function createApplication(token: string, overrides: Partial<typeof validApplication> = {}) {
    const response = await request('POST', '/api/patents', {
      token,
      body: { ...validApplication, ...overrides },
    })
    if (response.statusCode !== 201) throw new Error(`create failed: ${response.body}`)
    return response.json() as Application
  }

  return { app, services, database, config, request, registerUser, loginAdmin, createApplication }
}

export const json = (response: LightMyRequestResponse) => response.json() as Record<string, unknown>
