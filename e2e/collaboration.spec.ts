import { expect, type Page, test } from '@playwright/test'
import { linkPathIn, newestMailTo, outboxOf } from './mail'
import { newApplicant, ownAddress, sendJson, server, startSession } from './support'

const application = {
  title: 'Self-levelling tripod head',
  abstract: 'A tripod head that levels itself with a damped pendulum and locks with a friction clutch.',
  description:
    'A tripod head for cameras comprising a pendulum that swings to the vertical.\nA friction clutch then locks the head so that the camera stays level on uneven ground.',
  claims: ['A tripod head comprising a pendulum and a friction clutch.'],
  status: 'draft',
}

/** Selects `words` inside the text of a part of the Details tab, as a reader's mouse would. */
async function selectWords(page: Page, part: string, index: number, words: string) {
  await page.evaluate(
    ([part, index, words]) => {
      const element = document.querySelector(`[data-comment-part="${part}"][data-comment-index="${index}"]`)
      const walker = document.createTreeWalker(element as Node, NodeFilter.SHOW_TEXT)
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const at = node.textContent?.indexOf(words) ?? -1
        if (at === -1) continue
        const range = document.createRange()
        range.setStart(node, at)
        range.setEnd(node, at + words.length)
        document.getSelection()?.removeAllRanges()
        document.getSelection()?.addRange(range)
        document.dispatchEvent(new Event('selectionchange'))
        return
      }
      throw new Error(`"${words}" is not in ${part} ${index}`)
    },
    [part, String(index), words] as const,
  )
}

/** The edit form of the application, on the step that holds its claims, ready to save. */
async function openClaims(page: Page, id: number) {
  await page.goto(`/new-application?edit=${id}`)
  await page.getByRole('tab', { name: /Claims/ }).click()
  await expect(page.getByRole('textbox', { name: 'Claim 1' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Save Changes' })).toBeEnabled()
}

test('two people on one application: invited by mail, a comment with a mention, a conflict merged, a version restored', async ({
  browser,
  request,
}) => {
  const ownerDetails = newApplicant()
  const owner = await sendJson(request, {
    url: '/api/auth/register',
    data: ownerDetails,
    headers: ownAddress(),
  })
  const { id } = await sendJson(request, { url: '/api/patents', data: application, token: owner.token })
  const ownerPage = await (await browser.newContext()).newPage()
  await startSession(ownerPage, owner)
  await ownerPage.goto(`/patents/${id}`)

  // The owner invites an address that has no account yet, as an editor.
  const invitee = newApplicant()
  await ownerPage.getByRole('button', { name: 'Share' }).click()
  const share = ownerPage.getByRole('dialog', { name: 'Share application' })
  await share.getByLabel('Email address').fill(invitee.email)
  await share.getByRole('combobox', { name: 'Role' }).click()
  await ownerPage.getByRole('option', { name: 'Editor' }).click()
  await share.getByRole('button', { name: 'Invite' }).click()
  await expect(share.getByText(invitee.email)).toBeVisible()
  await expect(share.getByText('Invitation sent')).toBeVisible()
  await share.getByRole('button', { name: 'Close' }).click()

  // The invitee follows the mailed link, signs up from it and accepts.
  const invitation = linkPathIn(
    await newestMailTo(outboxOf(server.env.DATA_DIR), invitee.email),
    '/invitation',
  )
  const inviteeContext = await browser.newContext()
  await inviteeContext.setExtraHTTPHeaders(ownAddress())
  const editorPage = await inviteeContext.newPage()
  await editorPage.goto(invitation)
  await editorPage.getByRole('link', { name: 'Create an account' }).click()
  await editorPage.getByLabel('Username').fill(invitee.username)
  await editorPage.getByLabel('Email').fill(invitee.email)
  await editorPage.getByLabel('Full Name').fill(invitee.fullName)
  await editorPage.getByLabel('Password', { exact: true }).fill(invitee.password)
  await editorPage.getByLabel('Confirm Password').fill(invitee.password)
  await editorPage.getByRole('button', { name: 'Register' }).click()
  await editorPage.getByRole('button', { name: 'Accept invitation' }).click()
  await expect(editorPage).toHaveURL(new RegExp(`/patents/${id}$`))
  await expect(editorPage.getByText('Shared with you · Editor')).toBeVisible()

  // The editor comments on words of claim 1 and mentions the owner.
  await selectWords(editorPage, 'claim', 0, 'friction clutch')
  await editorPage.getByRole('button', { name: 'Comment on Claim 1' }).click()
  await editorPage
    .getByRole('textbox', { name: 'Comment on Claim 1' })
    .fill(`@${ownerDetails.username} is a friction clutch enough on sand?`)
  await editorPage.getByRole('button', { name: 'Comment', exact: true }).click()
  const thread = editorPage.getByRole('article', { name: 'Thread on Claim 1' })
  await expect(thread).toContainText('is a friction clutch enough on sand?')

  // The owner is told, follows the notice to the thread and replies.
  await ownerPage.goto('/notifications')
  await ownerPage.getByRole('link', { name: /You were mentioned in a comment/ }).click()
  await expect(ownerPage).toHaveURL(new RegExp(`/patents/${id}\\?comment=\\d+$`))
  const ownerThread = ownerPage.getByRole('article', { name: 'Thread on Claim 1' })
  await expect(ownerThread).toContainText('is a friction clutch enough on sand?')
  await ownerThread.getByRole('button', { name: 'Reply' }).click()
  await ownerThread.getByRole('textbox').fill('Yes, with a wider plate.')
  await ownerThread.getByRole('button', { name: 'Reply', exact: true }).last().click()
  await expect(ownerThread).toContainText('Yes, with a wider plate.')

  // Both edit claim 1; the later save meets the conflict and merges by hand.
  await Promise.all([openClaims(ownerPage, id), openClaims(editorPage, id)])
  await ownerPage
    .getByRole('textbox', { name: 'Claim 1' })
    .fill('A tripod head comprising a pendulum and a wide friction clutch.')
  await ownerPage.getByRole('button', { name: 'Save Changes' }).click()
  await expect(ownerPage.getByText('Application updated')).toBeVisible()
  await editorPage
    .getByRole('textbox', { name: 'Claim 1' })
    .fill('A tripod head comprising a damped pendulum and a friction clutch.')
  await editorPage.getByRole('button', { name: 'Save Changes' }).click()
  const conflict = editorPage.getByRole('dialog', { name: 'Someone else saved this application' })
  await expect(conflict.getByRole('region', { name: 'Their changes' }).locator('ins')).toHaveText([/wide/])
  await conflict.getByRole('button', { name: 'Merge by hand' }).click()
  await expect(editorPage.getByText('Their changes to merge')).toBeVisible()
  await editorPage
    .getByRole('textbox', { name: 'Claim 1' })
    .fill('A tripod head comprising a damped pendulum and a wide friction clutch.')
  await editorPage.getByRole('button', { name: 'Save Changes' }).click()
  await expect(editorPage.getByText('Application updated')).toBeVisible()
  await expect(
    editorPage.getByText('A tripod head comprising a damped pendulum and a wide friction clutch.'),
  ).toBeVisible()

  // The owner restores the first version; the activity lists who did what.
  await ownerPage.goto(`/patents/${id}`)
  await ownerPage.getByRole('tab', { name: 'History' }).click()
  await ownerPage.getByRole('button', { name: 'Restore version 1' }).click()
  await ownerPage
    .getByRole('dialog', { name: 'Restore version 1?' })
    .getByRole('button', { name: 'Restore' })
    .click()
  await expect(ownerPage.getByText('Version 1 is now version 4.')).toBeVisible()
  await ownerPage.getByRole('tab', { name: 'Activity' }).click()
  for (const detail of [
    'Restored version 1 as version 4.',
    'Saved version 3: claims changed.',
    'Saved version 2: claims changed.',
    `Accepted the invitation sent to ${invitee.email}, as Editor.`,
    `Invited ${invitee.email} as Editor.`,
  ]) {
    await expect(ownerPage.getByText(detail)).toBeVisible()
  }
})
