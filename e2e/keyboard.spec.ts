import { expect, type Locator, type Page, test } from '@playwright/test'
import { signInApplicantWithApplication } from './route-walker'

/** Presses Tab from the top of the page until `target` has the focus; fails if it never does. */
async function tabTo(page: Page, target: Locator, maxPresses = 40) {
  await page.locator('body').focus()
  for (let press = 0; press < maxPresses; press++) {
    await page.keyboard.press('Tab')
    if (await target.evaluate((element) => element === document.activeElement)) return
  }
  throw new Error(`${target} never got the focus in ${maxPresses} presses of Tab`)
}

/**
 * What the focused element looks like: whether it draws an outline or a ring, a name for the report,
 * and whether the focus has been on it before in this walk (the Tab key has gone round the page).
 */
function describeFocus(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null
    if (!element || element === document.body) return null
    const style = getComputedStyle(element)
    const outlined = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0
    const ringed = style.boxShadow !== 'none'
    const name = element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40) ?? ''
    const again = element.dataset.focusSeen === 'yes'
    element.dataset.focusSeen = 'yes'
    return { shown: outlined || ringed, name: `<${element.tagName.toLowerCase()}> ${name}`, again }
  })
}

test('the user menu opens with Enter, Escape closes it and the focus returns to its button', async ({
  page,
  request,
}) => {
  await signInApplicantWithApplication(page, request)
  await page.goto('/dashboard')
  const trigger = page.getByRole('button', { name: /^User menu/ })
  await tabTo(page, trigger)
  expect((await describeFocus(page))?.shown).toBe(true)

  await page.keyboard.press('Enter')
  const menu = page.getByRole('menu')
  await expect(menu).toBeVisible()
  await expect(menu.getByRole('menuitem', { name: 'Profile' })).toBeFocused()
  await page.keyboard.press('ArrowDown')
  await expect(menu.getByRole('menuitem', { name: 'Settings' })).toBeFocused()
  await page.keyboard.press('ArrowDown')
  await expect(menu.getByRole('menuitem', { name: 'Logout' })).toBeFocused()

  await page.keyboard.press('Escape')
  await expect(menu).toBeHidden()
  await expect(trigger).toBeFocused()

  await page.keyboard.press('Enter')
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/profile$/)
})

test('the notification panel opens from the keyboard and Escape gives the focus back to the bell', async ({
  page,
  request,
}) => {
  await signInApplicantWithApplication(page, request)
  await page.goto('/dashboard')
  const bell = page.getByRole('button', { name: /^Notifications/ })
  await tabTo(page, bell)
  await page.keyboard.press('Enter')
  const panel = page.getByRole('dialog', { name: 'Latest notifications' })
  await expect(panel).toBeVisible()
  const focusInPanel = () => panel.evaluate((element) => element.contains(document.activeElement))
  await expect.poll(focusInPanel).toBe(true)
  await page.keyboard.press('Tab')
  expect(await focusInPanel()).toBe(true)
  await page.keyboard.press('Escape')
  await expect(panel).toBeHidden()
  await expect(bell).toBeFocused()
})

test('on a phone the menu panel keeps the focus inside until Escape closes it', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await signInApplicantWithApplication(page, request)
  await page.goto('/dashboard')
  const open = page.getByRole('button', { name: 'Open menu' })
  await tabTo(page, open)
  await page.keyboard.press('Enter')
  const sheet = page.getByRole('dialog', { name: 'Menu' })
  await expect(sheet).toBeVisible()
  const links = await sheet.getByRole('link').count()
  for (let press = 0; press < links + 6; press++) {
    await page.keyboard.press('Tab')
    expect(await sheet.evaluate((element) => element.contains(document.activeElement))).toBe(true)
  }
  await page.keyboard.press('Escape')
  await expect(sheet).toBeHidden()
  await expect(open).toBeFocused()
})

for (const path of ['/dashboard', '/patents', '/serpapi-search?q=hinge']) {
  test(`every stop of the Tab key on ${path} shows where the focus is`, async ({ page, request }) => {
    await signInApplicantWithApplication(page, request)
    await page.goto(path)
    await expect(page.getByRole('main').getByRole('link').first()).toBeVisible()
    await page.locator('body').focus()
    const unseen: string[] = []
    let stops = 0
    for (let press = 0; press < 80; press++) {
      await page.keyboard.press('Tab')
      const focus = await describeFocus(page)
      if (!focus || focus.again) break
      stops += 1
      if (!focus.shown) unseen.push(focus.name)
    }
    expect(stops).toBeGreaterThan(5)
    expect(unseen, 'focused without a visible outline or ring').toEqual([])
  })
}

test('a dialog keeps the focus inside while open, and Escape gives it back to the button that opened it', async ({
  page,
  request,
}) => {
  await signInApplicantWithApplication(page, request)
  await page.goto('/settings')
  await page.getByRole('tab', { name: 'Security' }).click()
  const opener = page.getByRole('button', { name: 'Logout All Sessions' })
  await opener.focus()
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: 'Log out of every session?' })
  await expect(dialog).toBeVisible()
  const focusInDialog = () => dialog.evaluate((element) => element.contains(document.activeElement))
  await expect.poll(focusInDialog).toBe(true)
  // Round the dialog's controls more than once: the focus never leaves it.
  for (let press = 0; press < 6; press++) {
    await page.keyboard.press(press % 2 ? 'Shift+Tab' : 'Tab')
    await page.keyboard.press('Tab')
    expect(await focusInDialog()).toBe(true)
  }
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(opener).toBeFocused()
})
