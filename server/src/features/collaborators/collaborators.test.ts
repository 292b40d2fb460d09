import { collaboratorMessages } from '@patentdesk/contract/collaborators'
import { limits } from '@patentdesk/contract/limits'
import { describe, expect, it } from 'vitest'
import { applicationCollaborators } from '~/db/schema'
import { mailsTo } from '~/test/outbox'
import { buildTestApp, json, validApplication } from '~/test/test-app'

const t = await buildTestApp()
const { status: _draft, ...content } = validApplication

async function sharedApplication(overrides: Partial<typeof validApplication> = {}) {
  const owner = await t.registerUser()
  const application = await t.createApplication(owner.token, overrides)
  const base = `/api/patents/${application.id}`
  const invite = (email: string, role: string, token = owner.token) =>
    t.request('POST', `${base}/collaborators`, { token, body: { email, role } })
  return { owner, application, base, invite }
}

/** The token of the last invitation mailed to `email`, read from its link as the invitee would. */
function mailedToken(email: string) {
  const mail = mailsTo(t.config.dataDir, email).at(-1)
  const token = /\/invitation\?token=([\w-]+)/.exec(mail?.text ?? '')?.[1]
  if (!token) throw new Error(`no invitation mailed to ${email}`)
  return { mail, token }
}

describe('inviting', () => {
  it('adds an existing account at once, tells them, and gives the access of the role', async () => {
    const { owner, application, base, invite } = await sharedApplication()
    const ann = await t.registerUser()
    const response = await invite(ann.email.toUpperCase(), 'viewer')
    expect(response.statusCode).toBe(201)
    expect(response.json()).toMatchObject({
      email: ann.email.toUpperCase(),
      role: 'viewer',
      user: { id: ann.id, username: ann.username },
    })
    expect((await t.request('GET', base, { token: ann.token })).json()).toMatchObject({ access: 'viewer' })
    const notices = (await t.request('GET', '/api/notifications', { token: ann.token })).json()
    expect(notices[0]).toMatchObject({
      title: 'An application was shared with you',
      link: `/patents/${application.id}`,
    })
    expect(notices[0].message).toContain(application.reference)
    expect(mailsTo(t.config.dataDir, ann.email)).toEqual([])
    // The owner is not a collaborator of their own application, whatever the case of the address.
    const self = await invite(owner.email.toUpperCase(), 'editor')
    expect(self.statusCode).toBe(409)
    expect(json(self).message).toBe(collaboratorMessages.self)
    const again = await invite(ann.email, 'editor')
    expect(again.statusCode).toBe(409)
    expect(json(again).message).toBe(collaboratorMessages.already)
  })

  it('mails an unknown address a link whose token attaches the invitation to whoever signs up with it, once', async () => {
    const { owner, application, base, invite } = await sharedApplication({
      title: 'Clamp <script>alert(1)</script> & co',
    })
    const email = `newcomer-${application.id}@example.com`
    const response = await invite(email, 'commenter')
    expect(response.statusCode).toBe(201)
    expect(response.json()).toMatchObject({ email, role: 'commenter', user: null })
    const { mail, token } = mailedToken(email)
    expect(mail?.text).toContain('"Clamp <script>alert(1)</script> & co"')
    expect(mail?.html).toContain('Clamp &#60;script&#62;alert(1)&#60;/script&#62; &#38; co')
    expect(mail?.html).not.toContain('<script>')

    // Registering with the address alone grants nothing: addresses are not verified at sign-up.
    const squatter = await t.registerUser({ email })
    expect((await t.request('GET', base, { token: squatter.token })).statusCode).toBe(404)

    const newcomer = await t.registerUser()
    const accepted = await t.request('POST', '/api/invitations/accept', {
      token: newcomer.token,
      body: { token },
    })
    expect(accepted.statusCode).toBe(200)
    expect(accepted.json()).toEqual({ applicationId: application.id })
    expect((await t.request('GET', base, { token: newcomer.token })).json()).toMatchObject({
      access: 'commenter',
    })
    const list = (await t.request('GET', `${base}/collaborators`, { token: owner.token })).json()
    expect(list).toMatchObject([{ email, user: { id: newcomer.id } }])
    const told = (await t.request('GET', '/api/notifications', { token: owner.token })).json()
    expect(told[0]).toMatchObject({ title: 'Invitation accepted' })

    const reused = await t.request('POST', '/api/invitations/accept', {
      token: squatter.token,
      body: { token },
    })
    expect(reused.statusCode).toBe(404)
    expect(json(reused).message).toBe(collaboratorMessages.invitationInvalid)
    expect((await t.request('GET', base, { token: squatter.token })).statusCode).toBe(404)
  })

  it('refuses bad addresses and roles, non-owners, and more than the limit; nothing is stored', async () => {
    const { application, invite } = await sharedApplication()
    const editor = await t.registerUser()
    await invite(editor.email, 'editor')
    const before = await t.database.db.$count(applicationCollaborators)
    for (const [email, role, field] of [
      ['not-an-address', 'viewer', 'email'],
      [`${'a'.repeat(250)}@example.com`, 'viewer', 'email'],
      ['x@example.com', 'owner', 'role'],
    ] as const) {
      const response = await invite(email, role)
      expect(response.statusCode).toBe(400)
      expect(Object.keys(json(response).fields as object)).toEqual([field])
    }
    const byEditor = await invite('someone@example.com', 'viewer', editor.token)
    expect(byEditor.statusCode).toBe(403)
    expect(json(byEditor).message).toBe(collaboratorMessages.ownerOnly)
    expect(await t.database.db.$count(applicationCollaborators)).toBe(before)

    await t.database.db.insert(applicationCollaborators).values(
      Array.from({ length: limits.collaborators.max - 1 }, (_, i) => ({
        applicationId: application.id,
        email: `filler${i}-${application.id}@example.com`,
        role: 'viewer' as const,
      })),
    )
    const over = await invite('one-too-many@example.com', 'viewer')
    expect(over.statusCode).toBe(409)
    expect(json(over).message).toBe(collaboratorMessages.tooMany)
  })
})

describe('roles and removal', () => {
  it('a new role and a removal hold from the very next request; a collaborator may leave', async () => {
    const { owner, base, invite } = await sharedApplication()
    const [bob, cara] = [await t.registerUser(), await t.registerUser()]
    const bobRow = (await invite(bob.email, 'viewer')).json()
    const caraRow = (await invite(cara.email, 'editor')).json()
    const save = (token: string, version: number) =>
      t.request('PUT', base, {
        token,
        body: { ...content, title: `Saved by ${token.slice(0, 6)}`, version },
      })

    expect((await save(bob.token, 1)).statusCode).toBe(403)
    const promoted = await t.request('PATCH', `${base}/collaborators/${bobRow.id}`, {
      token: owner.token,
      body: { role: 'editor' },
    })
    expect(promoted.json()).toMatchObject({ role: 'editor' })
    expect((await save(bob.token, 1)).statusCode).toBe(200)
    // An editor edits but does not submit or share.
    expect((await t.request('POST', `${base}/submit`, { token: bob.token })).statusCode).toBe(403)

    expect(
      (await t.request('DELETE', `${base}/collaborators/${caraRow.id}`, { token: bob.token })).statusCode,
    ).toBe(403)
    expect(
      (await t.request('DELETE', `${base}/collaborators/${bobRow.id}`, { token: owner.token })).json(),
    ).toEqual({
      ok: true,
    })
    expect((await save(bob.token, 2)).statusCode).toBe(404)
    expect((await t.request('GET', base, { token: bob.token })).statusCode).toBe(404)

    expect(
      (await t.request('DELETE', `${base}/collaborators/${caraRow.id}`, { token: cara.token })).statusCode,
    ).toBe(200)
    expect((await t.request('GET', base, { token: cara.token })).statusCode).toBe(404)
    const activity = (await t.request('GET', `${base}/activity`, { token: owner.token })).json()
    expect(activity.entries.map((e: { detail: string }) => e.detail)).toEqual(
      expect.arrayContaining([
        `Invited ${bob.email} as Viewer.`,
        `Made ${bob.fullName} Editor.`,
        `Removed ${bob.fullName}.`,
        `${cara.fullName} left.`,
      ]),
    )
  })

  it('lists what was shared with the user, with the role and the owner', async () => {
    const { owner, application, invite } = await sharedApplication()
    const dan = await t.registerUser()
    await invite(dan.email, 'commenter')
    expect((await t.request('GET', '/api/patents/shared', { token: dan.token })).json()).toEqual([
      expect.objectContaining({ id: application.id, role: 'commenter', ownerName: owner.fullName }),
    ])
    // A shared application is not among the user's own.
    expect((await t.request('GET', '/api/patents', { token: dan.token })).json()).toEqual([])
    expect((await t.request('GET', '/api/patents/shared', { token: owner.token })).json()).toEqual([])
  })
})
