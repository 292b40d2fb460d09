import { applicationMessages } from '@patentdesk/contract/applications'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { renderWithProviders } from '@/test/render'
import { ApplicationForm } from './application-form'
import { emptyApplicationForm } from './application-form-schema'
import { useDocumentSelection } from './document-selection'

const valid = {
  title: 'Self-heating mug',
  abstract: 'A mug that keeps a drink at a chosen temperature with an induction coil.',
  description:
    'The mug holds a sealed induction coil in its base and a thermistor in its wall; a controller switches the coil to keep the drink warm.',
  claim: 'A mug comprising an induction coil in its base.',
}

function Harness({ onSave }: { onSave: () => void }) {
  const selection = useDocumentSelection()
  return (
    <ApplicationForm
      defaultValues={emptyApplicationForm}
      selection={selection}
      existingDocumentCount={0}
      saveLabel="Save Application"
      pendingAction={null}
      onSave={onSave}
    />
  )
}

function renderForm(onSave = vi.fn()) {
  return { ...renderWithProviders(<Harness onSave={onSave} />, { path: '/new-application' }), onSave }
}

/** Typing long texts key by key is slow; a change event runs the same onChange validation. */
function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } })
}

const next = () => screen.getByRole('button', { name: 'Next' })
const selectedTab = () => screen.getByRole('tab', { selected: true }).textContent

async function reachClaims(user: ReturnType<typeof renderForm>['user']) {
  fill('Title', valid.title)
  fill('Abstract', valid.abstract)
  await user.click(next())
  fill('Description', valid.description)
  await user.click(next())
  await screen.findByLabelText('Claim 1')
}

describe('ApplicationForm', () => {
  it('keeps step 1 until title and abstract are valid', async () => {
    const { user } = renderForm()
    await user.click(next())
    expect(await screen.findByText(applicationMessages.titleMin)).toBeTruthy()
    expect(screen.getByText(applicationMessages.abstractMin)).toBeTruthy()
    expect(selectedTab()).toBe('Basic Information')

    fill('Title', valid.title)
    fill('Abstract', valid.abstract)
    await user.click(next())
    expect(await screen.findByLabelText('Description')).toBeTruthy()
    expect(selectedTab()).toBe('Description')
  })

  it('keeps step 2 until the description is valid, and Previous goes back without checking', async () => {
    const { user } = renderForm()
    fill('Title', valid.title)
    fill('Abstract', valid.abstract)
    await user.click(next())
    fill('Description', 'Too short')
    await user.click(next())
    expect(await screen.findByText(applicationMessages.descriptionMin)).toBeTruthy()
    expect(selectedTab()).toBe('Description')

    await user.click(screen.getByRole('button', { name: 'Previous' }))
    expect(selectedTab()).toBe('Basic Information')
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe(valid.title)
  })

  it('validates a field on change', async () => {
    renderForm()
    fill('Title', 'abc')
    expect(await screen.findByText(applicationMessages.titleMin)).toBeTruthy()
    fill('Title', valid.title)
    await waitFor(() => expect(screen.queryByText(applicationMessages.titleMin)).toBeNull())
  })

  it('never lets the last claim be removed', async () => {
    const { user } = renderForm()
    await reachClaims(user)
    expect(screen.getByRole('button', { name: 'Remove claim 1' }).hasAttribute('disabled')).toBe(true)

    await user.click(screen.getByRole('button', { name: 'Add Claim' }))
    expect(screen.getByLabelText('Claim 2')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Remove claim 1' }).hasAttribute('disabled')).toBe(false)

    await user.click(screen.getByRole('button', { name: 'Remove claim 2' }))
    expect(screen.queryByLabelText('Claim 2')).toBeNull()
    expect(screen.getByRole('button', { name: 'Remove claim 1' }).hasAttribute('disabled')).toBe(true)
  })

  it('disables Save until the whole form is valid, then saves the trimmed content', async () => {
    const { user, onSave } = renderForm()
    await reachClaims(user)
    const save = screen.getByRole('button', { name: 'Save Application' })
    expect(save.hasAttribute('disabled')).toBe(true)

    fill('Claim 1', 'too short')
    expect(await screen.findByText(applicationMessages.claimMin)).toBeTruthy()
    expect(save.hasAttribute('disabled')).toBe(true)

    fill('Claim 1', `  ${valid.claim}  `)
    await waitFor(() => expect(save.hasAttribute('disabled')).toBe(false))
    await user.click(save)
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1))
    expect(onSave.mock.calls[0]?.[0]).toEqual({
      title: valid.title,
      abstract: valid.abstract,
      description: valid.description,
      claims: [valid.claim],
    })
  })
})
