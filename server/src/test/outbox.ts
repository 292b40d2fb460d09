import fs from 'node:fs'
import path from 'node:path'

export type OutboxMail = { to: string; subject: string; text: string; html?: string }

/** Quoted-printable as nodemailer writes it: soft line breaks and =XX bytes. */
function decodeQuotedPrintable(body: string) {
  const bytes = body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
  return Buffer.from(bytes, 'latin1').toString('utf8')
}

/** A part of a mail (or the whole): its headers, and its body decoded, or its parts when multipart. */
function readPart(raw: string): {
  header: (name: string) => string
  body: string
  parts: ReturnType<typeof readPart>[]
} {
  const split = raw.indexOf('\n\n')
  const head = raw.slice(0, split).replace(/\n[ \t]+/g, ' ')
  const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'im').exec(head)?.[1]?.trim() ?? ''
  const body = raw.slice(split + 2)
  const boundary = /boundary="?([^";]+)"?/i.exec(header('Content-Type'))?.[1]
  if (boundary)
    return {
      header,
      body: '',
      parts: body
        .split(`--${boundary}`)
        .slice(1, -1)
        .map((part) => readPart(part.replace(/^\r?\n/, ''))),
    }
  const encoding = header('Content-Transfer-Encoding').toLowerCase()
  const decoded =
    encoding === 'quoted-printable'
      ? decodeQuotedPrintable(body)
      : encoding === 'base64'
        ? Buffer.from(body, 'base64').toString('utf8')
        : body
  return { header, body: decoded, parts: [] }
}

function readMail(file: string): OutboxMail {
  const mail = readPart(fs.readFileSync(file, 'utf8'))
  const typed = (type: string) =>
    mail.parts.length === 0
      ? type === 'text/plain'
        ? mail.body
        : undefined
      : mail.parts.find((part) => part.header('Content-Type').startsWith(type))?.body
  const html = typed('text/html')
  return {
    to: mail.header('To'),
    subject: mail.header('Subject'),
    text: typed('text/plain') ?? '',
    ...(html === undefined ? {} : { html }),
  }
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
