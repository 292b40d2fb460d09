import { type ChildProcess, execFile, spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { expect, type Page, test } from '@playwright/test'
import { freePort } from '../server/src/test/real-server'
import { linkPathIn, newestMailTo } from './mail'
import { newApplicant, startSession } from './support'

/*
 * Saved searches and watches told of an import, end to end on the embedded database: with PGlite the CLI
 * imports while the server is stopped, and the first start after it matches the import. This file runs a
 * server of its own for that (the suite's shared one is never stopped).
 */

const root = path.resolve(import.meta.dirname, '..')
const run = promisify(execFile)

const patent = (reference: string, title: string, abstract: string, extra: object = {}) =>
  JSON.stringify({
    reference,
    country: 'GB',
    docNumber: reference.replace(/\D/g, ''),
    kind: 'A',
    documentType: 'application',
    title,
    abstract,
    claims: [abstract],
    filingDate: '2024-05-02',
    publicationDate: '2026-11-20',
    applicants: ['Northfield Cells Ltd'],
    source: 'UKIPO',
    ...extra,
  })

const watched = 'GB2600001A'
const before = [
  patent(
    watched,
    'Electrolyte additive for a lithium cell',
    'An electrolyte additive that forms a stable film.',
  ),
  patent('GB2600002A', 'Battery separator of woven glass', 'A battery separator woven from glass fibre.'),
]
const matching = ['GB2634101A', 'GB2634102A']
const imported = [
  patent(
    matching[0] as string,
    'Battery separator with a ceramic coating',
    'A battery separator coated with alumina.',
    {
      citations: [watched],
    },
  ),
  patent(
    matching[1] as string,
    'Shutdown separator for a battery',
    'A battery separator whose pores close when hot.',
  ),
  patent('GB2634103A', 'Bicycle saddle with an adjustable nose', 'A saddle whose nose slides on a rail.'),
  patent('GB2634104A', 'Separator for a centrifuge', 'A cream separator with conical discs, for milk.'),
]

let dataDir = ''
let base = ''
let port = 0
let server: ChildProcess | undefined

const env = () => ({
  ...process.env,
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  CORPUS: 'none',
  LOG_LEVEL: 'warn',
  ADMIN_USERNAME: 'admin',
  ADMIN_PASSWORD: 'e2e-admin-pass',
})

/** `npm run cli -- import` of the records, the server stopped. */
async function importRecords(name: string, lines: string[]) {
  const file = path.join(dataDir, name)
  await writeFile(file, `${lines.join('\n')}\n`)
  await run('npx', ['tsx', '--tsconfig', 'server/tsconfig.json', 'server/src/cli/main.ts', 'import', file], {
    cwd: root,
    env: env(),
  })
}

async function startServer() {
  server = spawn(process.execPath, ['server/dist/main.js'], {
    cwd: root,
    env: { ...env(), PORT: String(port), HOST: '127.0.0.1', BACKUP_HOURS: '0', PUBLIC_URL: base },
    stdio: 'inherit',
  })
  await expect
    .poll(
      () =>
        fetch(`${base}/api/health`).then(
          (r) => r.ok,
          () => false,
        ),
      { timeout: 60_000 },
    )
    .toBe(true)
}

async function stopServer() {
  if (!server || server.exitCode !== null) return
  const exited = once(server, 'exit')
  server.kill('SIGTERM')
  await exited
}

async function api(pathname: string, token: string, body?: unknown) {
  const response = await fetch(base + pathname, {
    method: body ? 'POST' : 'GET',
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  })
  expect(response.ok, `${pathname}: ${response.status}`).toBe(true)
  return response.json()
}

test.beforeAll(async () => {
  test.setTimeout(120_000)
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'patentdesk-alerts-e2e-'))
  port = await freePort()
  base = `http://127.0.0.1:${port}`
  await importRecords('before.jsonl', before)
  await startServer()
})

test.afterAll(async () => {
  await stopServer()
  await rm(dataDir, { recursive: true, force: true })
})

const newPatentsOf = (page: Page) => page.getByRole('region', { name: 'New patents' })

test('a saved search and a watch are told of exactly the imported patents that match them', async ({
  page,
}) => {
  test.setTimeout(180_000)
  const user = newApplicant()
  const registered = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(user),
  }).then((r) => r.json())
  await startSession(page, registered)

  // Saved from the search page, with a mail at once.
  await page.goto(`${base}/serpapi-search?q=battery+separator`)
  await expect(page.getByRole('link', { name: 'Battery separator of woven glass' })).toBeVisible()
  await page.getByRole('button', { name: 'Save search' }).click()
  const dialog = page.getByRole('dialog', { name: 'Save search' })
  await expect(dialog.getByLabel('Name')).toHaveValue('battery separator')
  await dialog.getByLabel('Name').fill('')
  await dialog.getByRole('button', { name: 'Save search' }).click()
  await expect(dialog.getByText('Enter a name for the search.')).toBeVisible()
  await dialog.getByLabel('Name').fill('Battery separators')
  await dialog.getByLabel(/Mail at once/).check()
  await dialog.getByRole('button', { name: 'Save search' }).click()
  await expect(page.getByText('Search saved', { exact: true })).toBeVisible()

  // Watched from its page.
  await page.goto(`${base}/patent-details/${watched}`)
  await page.getByRole('button', { name: 'Watch', exact: true }).click()
  await expect(page.getByRole('button', { name: 'Stop watching' })).toBeVisible()

  await stopServer()
  await importRecords('imported.jsonl', imported)
  await startServer()

  // The start matched the import: one notification for the search, one for the watch.
  await expect
    .poll(async () =>
      (await api('/api/notifications', registered.token)).filter((n: { link: unknown }) => n.link),
    )
    .toHaveLength(2)

  // The start matched the import: one notification for the search, one for the watch.
  await expect
    .poll(async () =>
      (await api('/api/notifications', registered.token)).filter((n: { link: unknown }) => n.link),
    )
    .toHaveLength(2)

  // The notification links to the search, opened with exactly the new matching patents listed and marked.
  await page.goto(`${base}/notifications`)
  const alert = page.getByRole('link', { name: /2 new patents for 'Battery separators'/ })
  await expect(alert).toContainText(matching.join(', '))
  await expect(page.getByRole('link', { name: `1 new patent citing ${watched}` })).toContainText(
    `${matching[0]} cites ${watched}`,
  )
  await alert.click()
  await expect(newPatentsOf(page)).toContainText('2 new patents for "Battery separators"')
  const listed = newPatentsOf(page).getByRole('listitem')
  await expect(listed).toHaveCount(matching.length)
  const results = page.getByRole('region', { name: 'Search results' })
  const resultOf = (reference: string) => results.getByRole('listitem').filter({ hasText: reference })
  for (const reference of matching) {
    await expect(listed.filter({ hasText: reference })).toHaveCount(1)
    await expect(resultOf(reference).getByText('New', { exact: true })).toBeVisible()
  }
  await expect(resultOf('GB2600002A')).toBeVisible()
  await expect(resultOf('GB2600002A').getByText('New', { exact: true })).toHaveCount(0)

  // Opened, the search has nothing new any more; the list says so.
  await page.goto(`${base}/saved-searches`)
  await expect(page.getByRole('link', { name: 'Battery separators' })).toBeVisible()
  await expect(page.getByText(/\d+ new$/)).toHaveCount(0)

  // The mail lists the same two, and its unsubscribe link stops its mails without a sign-in.
  const mail = await newestMailTo(path.join(dataDir, 'outbox'), user.email)
  for (const reference of matching) expect(mail).toContain(reference)
  expect(mail).not.toContain('GB2634103A')
  expect(mail).not.toContain('GB2634104A')
  const visitor = await page.context().browser()?.newPage()
  if (!visitor) throw new Error('no browser')
  await visitor.goto(base + linkPathIn(mail, '/unsubscribe'))
  await visitor.getByRole('button', { name: 'Stop these mails' }).click()
  await expect(visitor.getByText('You will no longer receive mails for this saved search.')).toBeVisible()
  await visitor.close()
  const [saved] = await api('/api/saved-searches', registered.token)
  expect(saved).toMatchObject({ name: 'Battery separators', alert: 'off' })
})
