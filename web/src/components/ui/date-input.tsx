import { formatUkDate, parseUkDate } from '@patentdesk/contract/common'
import type { ComponentProps, FocusEvent } from 'react'
import { cn } from '@/lib/utils'
import { Input } from './input'

/** The hint a date field shows beneath it, so the order is never a guess. */
export const dateInputHint = 'For example, 02/03/2026'

const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set

type DateInputProps = Omit<ComponentProps<'input'>, 'type' | 'inputMode'>

/**
 * A calendar date typed in the UK order, dd/mm/yyyy: browsers show <input type="date"> in the order
 * of their own locale, whatever the page's language. The form's schema reads the text with
 * `UkDateTextSchema`. A real date is written out in full when the field is left (2.3.2026 becomes
 * 02/03/2026), through a real input event so the form sees what the field shows.
 */
export function DateInput({ className, onBlur, ...props }: DateInputProps) {
  function tidy(event: FocusEvent<HTMLInputElement>) {
    const input = event.currentTarget
    const iso = parseUkDate(input.value)
    const shown = iso && formatUkDate(iso)
    if (shown && shown !== input.value && setValue) {
      setValue.call(input, shown)
      input.dispatchEvent(new Event('input', { bubbles: true }))
    }
    onBlur?.(event)
  }
  return (
    <Input
      type="text"
      inputMode="numeric"
      autoComplete="off"
      placeholder="dd/mm/yyyy"
      className={cn('tabular-nums', className)}
      onBlur={tidy}
      {...props}
    />
  )
}
