import { zodResolver } from '@hookform/resolvers/zod'
import { formatUkDate } from '@patentdesk/contract/common'
import { messages } from '@patentdesk/contract/errors'
import { useForm } from 'react-hook-form'
import { Button } from '@/components/ui/button'
import { DateInput, dateInputHint } from '@/components/ui/date-input'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import {
  type FilterName,
  type SearchFilters as Filters,
  filterNames,
  SearchFiltersFormSchema,
  type SearchFiltersFormValues,
} from './search-params'

type SearchFiltersProps = {
  filters: Filters
  /** The server's message per filter, when it refused one (a 400). */
  serverErrors?: Record<string, string>
  onApply: (filters: Filters) => void
}

const blank: SearchFiltersFormValues = { from: '', to: '', cpc: '', applicant: '' }

/** The fields show dates as dd/mm/yyyy, so a date the server refused (from the URL) is named that way too. */
const shownServerError = (message?: string) => (message === messages.realDate ? messages.ukDate : message)

/**
 * The filing date range (typed dd/mm/yyyy, kept in the URL as YYYY-MM-DD), classification prefix and
 * applicant filters of a search.
 */
export function SearchFilters({ filters, serverErrors, onApply }: SearchFiltersProps) {
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(SearchFiltersFormSchema),
    defaultValues: {
      ...blank,
      ...filters,
      from: formatUkDate(filters.from ?? ''),
      to: formatUkDate(filters.to ?? ''),
    },
  })
  const errorOf = (name: FilterName) => errors[name]?.message ?? shownServerError(serverErrors?.[name])
  const active = filterNames.some((name) => filters[name])

  function clear() {
    reset(blank)
    if (active) onApply({})
  }

  return (
    <form
      aria-label="Filters"
      onSubmit={handleSubmit(onApply)}
      noValidate
      className="grid items-start gap-3 sm:grid-cols-2 lg:grid-cols-[9.5rem_9.5rem_minmax(0,1fr)_minmax(0,1fr)_auto]"
    >
      <FormField id="filter-from" label="Filed from" hint={dateInputHint} error={errorOf('from')}>
        <DateInput {...register('from')} />
      </FormField>
      <FormField id="filter-to" label="Filed to" hint={dateInputHint} error={errorOf('to')}>
        <DateInput {...register('to')} />
      </FormField>
      <FormField id="filter-cpc" label="Classification" error={errorOf('cpc')}>
        <Input placeholder="CPC or IPC, e.g. G06F" {...register('cpc')} />
      </FormField>
      <FormField id="filter-applicant" label="Applicant" error={errorOf('applicant')}>
        <Input placeholder="e.g. Samsung" {...register('applicant')} />
      </FormField>
      <div className="flex gap-2 sm:col-span-2 lg:col-span-1 lg:mt-6">
        <Button type="submit" variant="secondary">
          Apply
        </Button>
        <Button variant="ghost" onClick={clear}>
          Clear
        </Button>
      </div>
    </form>
  )
}
