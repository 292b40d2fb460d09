import { zodResolver } from '@hookform/resolvers/zod'
import { UkDateTextSchema } from '@patentdesk/contract/common'
import { messages } from '@patentdesk/contract/errors'
import { render, screen } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { useForm } from 'react-hook-form'
import { describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { DateInput, dateInputHint } from './date-input'
import { FormField } from './form-field'

const Schema = z.object({ filed: UkDateTextSchema })

function DateForm({ onSave }: { onSave: (values: z.output<typeof Schema>) => void }) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(Schema), defaultValues: { filed: '' } })
  return (
    <form onSubmit={handleSubmit(onSave)} noValidate>
      <FormField id="filed" label="Filing date" hint={dateInputHint} error={errors.filed?.message}>
        <DateInput {...register('filed')} />
      </FormField>
      <button type="submit">Save</button>
    </form>
  )
}

function renderForm() {
  const onSave = vi.fn()
  const user = userEvent.setup()
  render(<DateForm onSave={onSave} />)
  const input = screen.getByLabelText('Filing date') as HTMLInputElement
  const save = () => user.click(screen.getByRole('button', { name: 'Save' }))
  return { user, input, onSave, save }
}

describe('DateInput', () => {
  it('is a numeric text field labelled and described by its hint, in the UK order', () => {
    const { input } = renderForm()
    expect(input.type).toBe('text')
    expect(input.inputMode).toBe('numeric')
    expect(input.placeholder).toBe('dd/mm/yyyy')
    expect(screen.getByRole('textbox', { description: dateInputHint })).toBe(input)
    expect(input.getAttribute('aria-invalid')).toBeNull()
  })

  it('sends a date typed day first as YYYY-MM-DD and writes it out in full when left', async () => {
    const { user, input, onSave, save } = renderForm()
    await user.type(input, '2.3.2026')
    await user.tab()
    expect(input.value).toBe('02/03/2026')
    await save()
    expect(onSave).toHaveBeenCalledWith({ filed: '2026-03-02' }, expect.anything())
  })

  it.each(['31/02/2026', '2026-13-01', 'soon'])(
    'refuses %s with the contract message, tied to the field',
    async (text) => {
      const { user, input, onSave, save } = renderForm()
      await user.type(input, text)
      await user.tab()
      expect(input.value).toBe(text)
      await save()
      const error = await screen.findByText(messages.ukDate)
      expect(onSave).not.toHaveBeenCalled()
      expect(input.getAttribute('aria-invalid')).toBe('true')
      expect(input.getAttribute('aria-describedby')?.split(' ')).toEqual(['filed-hint', error.id])
    },
  )

  it('takes the error away once the date is corrected', async () => {
    const { user, input, onSave, save } = renderForm()
    await user.type(input, '29/02/2026')
    await save()
    expect(await screen.findByText(messages.ukDate)).toBeTruthy()
    await user.clear(input)
    await user.type(input, '29/02/2028')
    await save()
    expect(screen.queryByText(messages.ukDate)).toBeNull()
    expect(onSave).toHaveBeenCalledWith({ filed: '2028-02-29' }, expect.anything())
  })
})
