import type { MailMessage } from '~/providers/mailer'
import type { UserRow } from './auth.repo'
import type { AuthParts } from './auth-parts'

/** What the owner is told of a change to the account: a notice in the app and a mail. */
export type AccountNotice = { title: string; message: string; mail: Omit<MailMessage, 'to'> }

/** `a***@example.com`: enough for the owner to recognise, little for whoever reads the old mailbox. */
export function maskEmail(email: string) {
  const at = email.lastIndexOf('@')
  return at < 1 ? '***' : `${email[0]}***${email.slice(at)}`
}

const moment = (at: Date) => `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`

const mail = (user: UserRow, subject: string, lines: string[]) => ({
  subject,
  text: `Hello ${user.fullName},\n\n${lines.join('\n')}\n\nPatentDesk\n`,
})

/** The account's email address was changed: told to the OLD address. */
export function emailChanged(user: UserRow, newEmail: string, at: Date): AccountNotice {
  return {
    title: 'Your email address was changed',
    message: `Messages about your account now go to ${maskEmail(newEmail)}.`,
    mail: mail(user, 'The email address of your PatentDesk account was changed', [
      `The email address of the PatentDesk account '${user.username}' was changed from this address to ` +
        `${maskEmail(newEmail)} on ${moment(at)}.`,
      'Messages about the account, password reset links among them, now go to the new address; links sent ' +
        'here before no longer work.',
      '',
      'If it was you, there is nothing to do.',
      'If it was not you, someone knows your password: sign in, change your password and set your email ' +
        'address back in Settings, then sign out all other sessions. If you cannot sign in, contact your ' +
        'PatentDesk administrator at once.',
    ]),
  }
}

/** Too many wrong second-factor codes: the account's code step is locked for a while. */
export function codesLockedOut(user: UserRow, at: Date, minutes: number): AccountNotice {
  return {
    title: 'Two-factor sign-in paused',
    message:
      `Too many wrong two-factor codes were entered after your password; code sign-in is paused for ${minutes} ` +
      'minutes. If this was not you, change your password now.',
    mail: mail(user, 'Too many wrong two-factor codes for your PatentDesk account', [
      `Someone entered the right password of the PatentDesk account '${user.username}', then too many wrong ` +
        `two-factor codes (last on ${moment(at)}).`,
      `Signing in with a code is paused for ${minutes} minutes, whatever the address it comes from.`,
      '',
      'If it was you, wait, then use the current code of your authenticator app or a recovery code.',
      'If it was not you, someone knows your password: change it now in Settings, which also signs out every ' +
        'other session.',
    ]),
  }
}

/** An administrator turned two-factor sign-in off (`npm run cli -- reset-2fa`). */
export function twoFactorReset(user: UserRow, at: Date): AccountNotice {
  return {
    title: 'Two-factor sign-in was turned off',
    message: 'An administrator turned two-factor sign-in off for your account. Turn it on again in Settings.',
    mail: mail(user, 'Two-factor sign-in was turned off for your PatentDesk account', [
      `An administrator turned off two-factor sign-in for the PatentDesk account '${user.username}' on ` +
        `${moment(at)}, after checking that you asked for it.`,
      'Your authenticator app and recovery codes no longer work, and every session was signed out.',
      'Sign in with your password and turn two-factor sign-in on again in Settings.',
      '',
      'If you did not ask for this, contact your PatentDesk administrator at once and change your password.',
    ]),
  }
}

type Teller = Pick<AuthParts, 'notifications' | 'mailer'>

/** Tells the owner in the app and by mail to `to` (the account's address unless said). */
export async function sendNotice(deps: Teller, user: UserRow, notice: AccountNotice, to = user.email) {
  await deps.notifications.notify({ userId: user.id, title: notice.title, message: notice.message })
  await deps.mailer.send({ to, ...notice.mail })
}

/** `sendNotice` after the answer, so it neither slows nor fails the request; a failure is logged. */
export function tellOwner(
  deps: Teller & Pick<AuthParts, 'background'>,
  user: UserRow,
  notice: AccountNotice,
  to?: string,
) {
  deps.background.run(() => sendNotice(deps, user, notice, to), `the notice '${notice.title}' failed`)
}
