import type { ApplicationContent } from '@patentdesk/contract/applications'
import { limits } from '@patentdesk/contract/limits'
import { Plus, Trash2 } from 'lucide-react'
import { type Control, type FieldErrors, type UseFormRegister, useFieldArray } from 'react-hook-form'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { IconButton } from '@/components/ui/icon-button'
import { Textarea } from '@/components/ui/textarea'
import type { ApplicationFormValues } from './application-form-schema'

type ClaimListProps = {
  control: Control<ApplicationFormValues, unknown, ApplicationContent>
  register: UseFormRegister<ApplicationFormValues>
  errors: FieldErrors<ApplicationFormValues>
  disabled: boolean
}

/** The id of claim `number`'s text box, counted from 1 as in its label. */
export const claimFieldId = (number: number) => `claim-${number}`

/** The numbered claims; an application keeps at least one (docs/product.md, Applications). */
export function ClaimList({ control, register, errors, disabled }: ClaimListProps) {
  const { fields, append, remove } = useFieldArray({ control, name: 'claims' })
  const isLast = fields.length <= limits.claims.min
  return (
    <fieldset className="grid gap-4">
      <legend className="mb-3 text-base font-semibold">Claims</legend>
      {fields.map((field, index) => (
        <div key={field.id} className="flex items-start gap-2">
          <FormField
            id={claimFieldId(index + 1)}
            label={`Claim ${index + 1}`}
            error={errors.claims?.[index]?.value?.message}
            className="flex-1"
          >
            <Textarea rows={3} disabled={disabled} {...register(`claims.${index}.value`)} />
          </FormField>
          <IconButton
            label={`Remove claim ${index + 1}`}
            className="mt-6 text-muted-foreground hover:text-destructive"
            title={isLast ? 'An application needs at least one claim' : undefined}
            disabled={disabled || isLast}
            onClick={() => remove(index)}
          >
            <Trash2 />
          </IconButton>
        </div>
      ))}
      <div>
        <Button
          variant="outline"
          disabled={disabled || fields.length >= limits.claims.max}
          onClick={() => append({ value: '' })}
        >
          <Plus />
          Add Claim
        </Button>
      </div>
    </fieldset>
  )
}
