import { zodResolver } from '@hookform/resolvers/zod'
import { formatUkDate } from '@patentdesk/contract/common'
import {
  type Filing,
  type UkDates,
  type UkDatesFormInput,
  UkDatesFormSchema,
} from '@patentdesk/contract/filing'
import { ukDateLabels } from '@patentdesk/contract/uk-date-labels'
import { Pencil, Save } from 'lucide-react'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { Button } from '@/components/ui/button'
import { DateInput, dateInputHint } from '@/components/ui/date-input'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { toast } from '@/components/ui/toast'
import { type UkDateField, ukDateFieldErrors, useSaveUkDates } from './api'
import { formatDay } from './filing-format'

type RecordedDates = Filing['dates']

type FieldSpec = { name: UkDateField; type: 'date' | 'text'; placeholder?: string; hint?: string }

const dateField = (name: UkDateField): FieldSpec => ({ name, type: 'date', hint: dateInputHint })

const groups: { legend: string; fields: FieldSpec[] }[] = [
  {
    legend: 'Priority claim',
    fields: [
      dateField('priorityDate'),
      { name: 'priorityApplicationNumber', type: 'text', placeholder: '63/123,456' },
      { name: 'priorityCountry', type: 'text', placeholder: 'US', hint: 'Two letters, e.g. US or EP' },
    ],
  },
  {
    legend: 'UK application',
    fields: [
      dateField('filingDate'),
      { name: 'applicationNumber', type: 'text', placeholder: 'GB2301234.5' },
    ],
  },
  {
    legend: "'A' publication",
    fields: [
      dateField('publicationDate'),
      { name: 'publicationNumber', type: 'text', placeholder: 'GB2612345 A' },
    ],
  },
  {
    legend: 'Examination and grant',
    fields: [dateField('firstExaminationReportDate'), dateField('grantDate')],
  },
]

const dateNames = new Set(
  groups.flatMap(({ fields }) => fields.filter((f) => f.type === 'date').map((f) => f.name)),
)

/** An empty input is a date or number not known yet; the schema reads it as null. Dates show as dd/mm/yyyy. */
const toFormValues = (dates: RecordedDates) =>
  Object.fromEntries(
    Object.entries(dates).map(([name, value]) => [
      name,
      value && dateNames.has(name as UkDateField) ? formatUkDate(value) : (value ?? ''),
    ]),
  ) as UkDatesFormInput

type UkDatesEditorProps = { applicationId: number; dates: RecordedDates }

/**
 * The recorded UK dates and numbers, and the form that changes them. The owner and administrators may
 * edit at any status: most of these dates only become known once the application has been filed.
 */
export function UkDatesEditor({ applicationId, dates }: UkDatesEditorProps) {
  const [editing, setEditing] = useState(false)
  return (
    <section aria-labelledby="uk-dates-heading" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="uk-dates-heading" className="text-base font-semibold">
          Dates and Numbers
        </h3>
        {!editing && (
          <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
            <Pencil />
            Edit dates
          </Button>
        )}
      </div>
      {editing ? (
        <UkDatesForm applicationId={applicationId} dates={dates} onClose={() => setEditing(false)} />
      ) : (
        <UkDatesSummary dates={dates} />
      )}
    </section>
  )
}

function UkDatesSummary({ dates }: { dates: RecordedDates }) {
  return (
    <div className="grid gap-6 sm:grid-cols-2 xl:grid-cols-4">
      {groups.map(({ legend, fields }) => (
        <div key={legend} className="grid content-start gap-2">
          <h4 className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{legend}</h4>
          <dl className="grid gap-2 text-sm">
            {fields.map(({ name, type }) => {
              const value = dates[name]
              return (
                <div key={name}>
                  <dt className="text-muted-foreground">{ukDateLabels[name]}</dt>
                  <dd className={value ? 'font-medium' : 'text-muted-foreground italic'}>
                    {value ? (type === 'date' ? formatDay(value) : value) : 'Not recorded'}
                  </dd>
                </div>
              )
            })}
          </dl>
        </div>
      ))}
    </div>
  )
}

type UkDatesFormProps = UkDatesEditorProps & { onClose: () => void }

/** Checked with the server's own schema; what the server still refuses is shown at its field. */
function UkDatesForm({ applicationId, dates, onClose }: UkDatesFormProps) {
  const save = useSaveUkDates(applicationId)
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<UkDatesFormInput, unknown, UkDates>({
    resolver: zodResolver(UkDatesFormSchema),
    defaultValues: toFormValues(dates),
  })

  // Any other failure is the toast's (useSaveUkDates).
  function showServerErrors(error: Error) {
    ukDateFieldErrors(error).forEach(([name, message], index) => {
      setError(name, { type: 'server', message }, { shouldFocus: index === 0 })
    })
  }

  const onSubmit = handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: () => {
        toast({ title: 'Dates saved', description: 'The deadlines have been worked out again.' })
        onClose()
      },
      onError: showServerErrors,
    }),
  )

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-6">
      {groups.map(({ legend, fields }) => (
        <fieldset key={legend} className="grid gap-3" disabled={save.isPending}>
          <legend className="mb-3 text-sm font-semibold">{legend}</legend>
          <div className="grid items-start gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {fields.map(({ name, type, placeholder, hint }) => (
              <FormField
                key={name}
                id={`uk-${name}`}
                label={ukDateLabels[name]}
                hint={hint}
                error={errors[name]?.message}
              >
                {type === 'date' ? (
                  <DateInput {...register(name)} />
                ) : (
                  <Input
                    placeholder={placeholder}
                    className={name === 'priorityCountry' ? 'uppercase' : undefined}
                    {...register(name)}
                  />
                )}
              </FormField>
            ))}
          </div>
        </fieldset>
      ))}
      <div className="flex flex-wrap gap-2 border-t pt-4">
        <Button type="submit" disabled={save.isPending}>
          <Save />
          {save.isPending ? 'Saving...' : 'Save'}
        </Button>
        <Button variant="outline" disabled={save.isPending} onClick={onClose}>
          Cancel
        </Button>
      </div>
    </form>
  )
}
