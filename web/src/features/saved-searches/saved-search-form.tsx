import { zodResolver } from '@hookform/resolvers/zod'
import { type AlertSetting, SavedSearchBodySchema } from '@patentdesk/contract/saved-searches'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { Button } from '@/components/ui/button'
import { DialogActions } from '@/components/ui/dialog'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { alertLabels } from './saved-search-format'

/** The two things a user sets on a saved search: its name and how they are told of new patents. */
const SavedSearchFormSchema = SavedSearchBodySchema.pick({ name: true, alert: true })
export type SavedSearchFormValues = z.output<typeof SavedSearchFormSchema>

/** In the order the form offers them. */
const alertHints: Record<AlertSetting, string> = {
  instant: 'A mail as soon as an import brings new patents.',
  daily: 'One mail a day at most, listing every search with news.',
  weekly: 'One mail a week at most, listing every search with news.',
  off: 'Only the notification here.',
}

type SavedSearchFormProps = {
  defaults: SavedSearchFormValues
  submitLabel: string
  pending: boolean
  onSubmit: (values: SavedSearchFormValues) => void
}

/** The form of the Save search and Edit dialogs (inside the dialog: its actions close it). */
export function SavedSearchForm({ defaults, submitLabel, pending, onSubmit }: SavedSearchFormProps) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<z.input<typeof SavedSearchFormSchema>, unknown, SavedSearchFormValues>({
    resolver: zodResolver(SavedSearchFormSchema),
    defaultValues: defaults,
  })
  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="grid gap-5">
      <FormField id="saved-search-name" label="Name" error={errors.name?.message}>
        <Input autoComplete="off" {...register('name')} />
      </FormField>
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">When new patents match</legend>
        {(Object.keys(alertHints) as AlertSetting[]).map((setting) => (
          <label
            key={setting}
            className="flex cursor-pointer items-start gap-3 rounded-md border px-3 py-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-accent"
          >
            <input type="radio" value={setting} className="mt-0.5 accent-primary" {...register('alert')} />
            <span className="grid gap-0.5">
              <span className="font-medium">{alertLabels[setting]}</span>
              <span className="text-xs text-muted-foreground">{alertHints[setting]}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <DialogActions>
        <Button type="submit" disabled={pending}>
          {pending ? 'Saving...' : submitLabel}
        </Button>
      </DialogActions>
    </form>
  )
}
