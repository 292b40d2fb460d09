import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { expect } from '@playwright/test'

/** Where a test server without SMTP_URL writes each mail: its DATA_DIR's outbox. */
export const outboxOf = (dataDir: string) => path.resolve(import.meta.dirname, '..', dataDir, 'outbox')

/** The newest mail to `email` in `outbox`, decoded; the server writes it after answering, so this waits for it. */
export async function newestMailTo(outbox: string, email: string) {
  let newest: string | undefined
  await expect
    .poll(
      async () => {
        const files = await readdir(outbox).catch(() => [])
        newest = files
          .filter((name) => name.endsWith(`-${email}.eml`))
          .sort()
          .at(-1)
        return newest
      },
      { message: `a mail to ${email} in ${outbox}` },
    )
    .toBeDefined()
  const quotedPrintable = await readFile(path.join(outbox, newest as string), 'utf8')
  return quotedPrintable
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
}

/** The first link of `mail` to `route` (e.g. '/reset-password'), as a path a test server answers on. */
export function linkPathIn(mail: string, route: string) {
  const link = mail.match(new RegExp(`https?://[^\\s"<>]+${route}\\?token=[\\w-]+`))?.[0]
  if (!link) throw new Error(`No ${route} link in the mail`)
  const { pathname, search } = new URL(link)
  return pathname + search
}
