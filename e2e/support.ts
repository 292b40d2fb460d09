import { expect, type Page } from '@playwright/test'

export const port = Number(process.env.E2E_PORT ?? 3100)
export const baseURL = `http://localhost:${port}`
/** The administrator the test server bootstraps on its empty database. */
export const admin = { username: 'admin', password: 'e2e-admin-pass' }

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
