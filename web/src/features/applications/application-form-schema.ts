import { type Application, ApplicationContentSchema } from '@patentdesk/contract/applications'
import { z } from 'zod'

const contractClaims = ApplicationContentSchema.shape.claims

/**
 * The contract's content rules, with claims held as objects because useFieldArray needs them. Each
 * claim is checked where its field is (`claims.{index}.value`); the strings then go through the
 * contract's own claims rule, so the form submits exactly the body the server validates.
 */
export const ApplicationFormSchema = ApplicationContentSchema.extend({
  claims: z
    .array(z.object({ value: contractClaims.element }))
    .transform((items) => items.map((item) => item.value))
    .pipe(contractClaims),
})
export type ApplicationFormValues = z.input<typeof ApplicationFormSchema>

export const emptyApplicationForm: ApplicationFormValues = {
  title: '',
  abstract: '',
  description: '',
  claims: [{ value: '' }],
}

export function toApplicationFormValues(application: Application): ApplicationFormValues {
  const claims = application.claims.length > 0 ? application.claims : ['']
  return {
    title: application.title,
    abstract: application.abstract,
    description: application.description,
    claims: claims.map((value) => ({ value })),
  }
}
