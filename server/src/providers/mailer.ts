import fs from 'node:fs/promises'
import path from 'node:path'
import type { FastifyBaseLogger } from 'fastify'
import nodemailer from 'nodemailer'

/** A mail: its text, and an HTML form of it where it has one. */
export type MailMessage = { to: string; subject: string; text: string; html?: string }
export type Mailer = { send: (message: MailMessage) => Promise<void> }

let written = 0

/**
 * SMTP when SMTP_URL is set; otherwise each message is written as an .eml file to the outbox folder and
 * its path logged, so a single machine without mail still completes flows such as a password reset.
 */
export function createMailer(options: {
  smtpUrl: string | undefined
  from: string
  outboxDir: string
  log: FastifyBaseLogger
}): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl)
    return {
      async send(message) {
        await transport.sendMail({ from: options.from, ...message })
      },
    }
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
  return {
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message })
      await fs.mkdir(options.outboxDir, { recursive: true })
      // The count keeps two mails of one millisecond apart, in the order they were written.
      const name = `${Date.now()}-${String(++written).padStart(6, '0')}-${message.to.replace(/[^\w.@-]/g, '_')}`
      const file = path.join(options.outboxDir, `${name}.eml`)
      // Written aside, then renamed: whoever watches the outbox never reads half a mail.
      await fs.writeFile(`${file}.part`, info.message as Buffer)
      await fs.rename(`${file}.part`, file)
      options.log.info(
        { file, to: message.to, subject: message.subject },
        'mail written to the outbox (no SMTP_URL)',
      )
    },
  }
}
