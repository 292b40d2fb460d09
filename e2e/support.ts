import { type APIRequestContext, expect, type Page } from '@playwright/test'
import { Secret, TOTP } from 'otpauth'

export const port = Number(process.env.E2E_PORT ?? 3100)
export const baseURL = `http://localhost:${port}`
/** The administrator the test server bootstraps on its empty database. */
export const admin = { username: 'admin', password: 'e2e-admin-pass' }

/**
 * How the suite's server starts: the built client and a fresh data folder, whose first start loads a corpus
 * as a user's first start does: the first 5,000 patents of the shipped corpus and those the specs name
 * beyond them (`browserTestCorpus`), written anew each time. Run from the repository root.
 */
export const server = {
  command:
    'rm -rf "$DATA_DIR" "$CORPUS_DIR" && tsx --tsconfig server/tsconfig.json server/src/test/write-browser-test-corpus.ts "$CORPUS_DIR" && npm run serve',
  env: {
    PORT: String(port),
    DATA_DIR: process.env.E2E_DATA_DIR ?? '.e2e-data',
    CORPUS_DIR: `${process.env.E2E_DATA_DIR ?? '.e2e-data'}-corpus`,
    ADMIN_USERNAME: admin.username,
    ADMIN_PASSWORD: admin.password,
    LOG_LEVEL: 'warn',
    // As behind a load balancer: the client address is the one in X-Forwarded-For (see ownAddress).
    TRUST_PROXY: 'true',
  },
}

let addresses = 0

/**
 * A client address of its own, as an `X-Forwarded-For` header, for each new user: people register from
 * their own machines, and the suite registers more users than the 30 an hour one address may.
 */
export function ownAddress() {
  addresses += 1
  return {
    'x-forwarded-for': `10.${process.pid % 250}.${Math.floor(addresses / 250) % 250}.${(addresses % 250) + 1}`,
  }
}

let counter = 0

/** A new applicant's details, unique across parallel workers. */
export function newApplicant() {
  counter += 1
  const id = `${Date.now().toString(36)}${process.pid % 1000}${counter}`
  return {
    username: `user${id}`,
    email: `user${id}@example.com`,
    fullName: `Test Person ${counter}`,
    organization: 'Acme Research Ltd',
    password: 'secret-pass',
  }
}

export type Applicant = ReturnType<typeof newApplicant>

/** Registers through the UI and waits for the dashboard. */
export async function registerThroughUi(page: Page, user: Applicant = newApplicant()) {
  await page.context().setExtraHTTPHeaders(ownAddress())
  await page.goto('/register')
  await page.getByLabel('Username').fill(user.username)
  await page.getByLabel('Email').fill(user.email)
  await page.getByLabel('Full Name').fill(user.fullName)
  await page.getByLabel('Organization').fill(user.organization)
  await page.getByLabel('Password', { exact: true }).fill(user.password)
  await page.getByLabel('Confirm Password').fill(user.password)
  await page.getByRole('button', { name: 'Register' }).click()
  await expect(page).toHaveURL(/\/dashboard$/)
  return user
}

export async function loginThroughUi(page: Page, credentials: { username: string; password: string }) {
  await page.goto('/login')
  await page.getByLabel('Username').fill(credentials.username)
  await page.getByLabel('Password').fill(credentials.password)
  await page.getByRole('button', { name: 'Login' }).click()
}

/** Sends JSON to the API (as the holder of `token`, if given), expects a 2xx and answers its body. */
export async function sendJson(
  request: APIRequestContext,
  {
    method = 'POST',
    url,
    data,
    token,
    headers = {},
  }: {
    method?: 'POST' | 'PUT'
    url: string
    data: unknown
    token?: string
    headers?: Record<string, string>
  },
) {
  const response = await request.fetch(url, {
    method,
    data,
    headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  })
  expect(response.ok(), `${method} ${url}: ${response.status()} ${await response.text()}`).toBe(true)
  return response.json()
}

/** Makes the page start signed in as `session` (a login or register answer), as the client keeps it. */
export async function startSession(page: Page, session: Record<string, unknown>) {
  const { token, ...user } = session
  await page.addInitScript(
    ([storedToken, storedUser]) => {
      localStorage.setItem('patentdesk.token', storedToken)
      localStorage.setItem('patentdesk.user', storedUser)
    },
    [String(token), JSON.stringify(user)] as const,
  )
}

/** The code an authenticator app would show for `secret`, `steps` 30-second steps from now. */
export const codeFor = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + steps * 30_000 })

/**
 * Registers `user` through the API and turns two-factor sign-in on for it (the set-up confirmed with the
 * password, enabled with the current step's code, which that spends). Answers the secret and recovery codes.
 */
export async function registerWithTwoFactor(request: APIRequestContext, user: Applicant = newApplicant()) {
  const { token } = await sendJson(request, { url: '/api/auth/register', data: user, headers: ownAddress() })
  const { secret } = await sendJson(request, {
    url: '/api/auth/2fa/setup',
    data: { password: user.password },
    token,
  })
  const { recoveryCodes } = await sendJson(request, {
    url: '/api/auth/2fa/enable',
    data: { code: codeFor(secret) },
    token,
  })
  return { user, secret: secret as string, recoveryCodes: recoveryCodes as string[] }
}
