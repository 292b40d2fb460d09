import fs from 'node:fs'
import path from 'node:path'

export type OutboxMail = { to: string; subject: string; text: string }

/** Quoted-printable as nodemailer writes it: soft line breaks and =XX bytes. */
function decodeQuotedPrintable(body: string) {
  const bytes = body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
  return Buffer.from(bytes, 'latin1').toString('utf8')
}

function readMail(file: string): OutboxMail {
  const raw = fs.readFileSync(file, 'utf8')
  const split = raw.indexOf('\n\n')
  const head = raw.slice(0, split).replace(/\n[ \t]+/g, ' ')
  const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'im').exec(head)?.[1]?.trim() ?? ''
  const body = raw.slice(split + 2)
  const encoding = header('Content-Transfer-Encoding').toLowerCase()
  const text =
    encoding === 'quoted-printable'
      ? decodeQuotedPrintable(body)
      : encoding === 'base64'
        ? Buffer.from(body, 'base64').toString('utf8')
        : body
  return { to: header('To'), subject: header('Subject'), text }
}

/** The mails the outbox of `dataDir` holds for `email` (all when none is given), oldest first. */
export function mailsTo(dataDir: string, email?: string) {
  const outbox = path.join(dataDir, 'outbox')
  if (!fs.existsSync(outbox)) return []
  return fs
    .readdirSync(outbox)
    .filter((name) => name.endsWith(email ? `-${email}.eml` : '.eml'))
    .sort()
    .map((name) => readMail(path.join(outbox, name)))
}
