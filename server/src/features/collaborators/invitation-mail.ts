import { type CollaboratorRole, roleDescriptions, roleLabels } from '@patentdesk/contract/collaborator-roles'
import type { MailMessage } from '~/providers/mailer'
import { escapeHtml, oneLine } from '~/shared/escape-html'

/**
 * The mail to an address with no account: who shared what, in which role, and the link that attaches the
 * invitation to the account its reader signs up for (or signs in to). The owner's name and the title come
 * from users: each is one line in the subject and escaped in the HTML.
 */
export function invitationMail(invitation: {
  to: string
  ownerName: string
  reference: string
  title: string
  role: CollaboratorRole
  link: string
}): MailMessage {
  const owner = oneLine(invitation.ownerName)
  const title = oneLine(invitation.title)
  const role = roleLabels[invitation.role]
  const subject = `${owner} invited you to work on "${title}" in PatentDesk`
  const lines = [
    `${owner} invited you to the patent application ${invitation.reference} "${title}" as ${role}: ${roleDescriptions[invitation.role]}`,
    '',
    'Create your PatentDesk account, or sign in, from this link to accept the invitation:',
    invitation.link,
    '',
    'The link works once. If you did not expect this invitation, ignore this mail.',
  ]
  const html = `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:system-ui,sans-serif;color:#0f172a;max-width:560px;margin:0 auto;padding:16px">
<p>${escapeHtml(owner)} invited you to the patent application <strong>${escapeHtml(invitation.reference)}</strong> “${escapeHtml(title)}” as <strong>${escapeHtml(role)}</strong>: ${escapeHtml(roleDescriptions[invitation.role])}</p>
<p><a href="${escapeHtml(invitation.link)}" style="display:inline-block;background:#1d4ed8;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none;font-weight:600">Accept the invitation</a></p>
<p style="color:#475569;font-size:13px">Create your PatentDesk account, or sign in, from this link. It works once. If you did not expect this invitation, ignore this mail.</p>
</body></html>`
  return { to: invitation.to, subject, text: `${lines.join('\n')}\n\nPatentDesk\n`, html }
}
