import { zodResolver } from '@hookform/resolvers/zod'
import { auditActions, auditLabels } from '@patentdesk/contract/activity'
import type { AdminUser } from '@patentdesk/contract/admin'
import { type Control, Controller, useForm } from 'react-hook-form'
import { Button } from '@/components/ui/button'
import { DateInput, dateInputHint } from '@/components/ui/date-input'
import { FormField } from '@/components/ui/form-field'
import { Label } from '@/components/ui/label'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select'
import type { AuditFilters } from './api'
import {
  type AuditFiltersFormOutput,
  AuditFiltersFormSchema,
  type AuditFiltersFormValues,
  anyValue,
  blankAuditFilters,
} from './audit-filters-schema'

type FilterSelectProps = {
  control: Control<AuditFiltersFormValues, unknown, AuditFiltersFormOutput>
  name: 'action' | 'adminId'
  id: string
  label: string
  options: { value: string; label: string }[]
}

function FilterSelect({ control, name, id, label, options }: FilterSelectProps) {
  return (
    <div className="col-span-2 grid gap-2 sm:col-span-1">
      <Label htmlFor={id}>{label}</Label>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          // The contract's administrator rule reads any input; the select only ever holds text.
          <Select value={String(field.value)} onValueChange={field.onChange}>
            <SelectTrigger id={id} onBlur={field.onBlur}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {options.map((option) => (
                <SelectItem key={option.value} value={option.value}>
                  {option.label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      />
    </div>
  )
}

const actionOptions = [
  { value: anyValue, label: 'All actions' },
  ...auditActions.map((action) => ({ value: action, label: auditLabels[action] })),
]

type AuditFiltersFormProps = {
  /** The administrators the log may be narrowed to. */
  admins: AdminUser[]
  /** Whether any filter is applied, so Clear asks the log again. */
  active: boolean
  onApply: (filters: AuditFilters) => void
}

/** The audit log's filters: by action, administrator and days (typed dd/mm/yyyy, from and to inclusive). */
export function AuditFiltersForm({ admins, active, onApply }: AuditFiltersFormProps) {
  const {
    control,
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm({ resolver: zodResolver(AuditFiltersFormSchema), defaultValues: blankAuditFilters })
  const adminOptions = [
    { value: anyValue, label: 'All administrators' },
    ...admins.map((admin) => ({ value: String(admin.id), label: admin.fullName || admin.username })),
  ]

  function clear() {
    reset(blankAuditFilters)
    if (active) onApply({})
  }

  return (
    <form
      aria-label="Audit log filters"
      onSubmit={handleSubmit(onApply)}
      noValidate
      className="grid grid-cols-2 items-start gap-3 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_9.5rem_9.5rem_auto]"
    >
      <FilterSelect
        control={control}
        name="action"
        id="audit-action"
        label="Action"
        options={actionOptions}
      />
      <FilterSelect
        control={control}
        name="adminId"
        id="audit-admin"
        label="Administrator"
        options={adminOptions}
      />
      <FormField id="audit-from" label="From" hint={dateInputHint} error={errors.from?.message}>
        <DateInput {...register('from')} />
      </FormField>
      <FormField id="audit-to" label="To" hint={dateInputHint} error={errors.to?.message}>
        <DateInput {...register('to')} />
      </FormField>
      <div className="col-span-2 flex gap-2 lg:col-span-1 lg:mt-6">
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
