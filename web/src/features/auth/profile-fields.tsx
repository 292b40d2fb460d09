import type { ReactNode } from 'react'
import type { FieldErrors, UseFormRegister } from 'react-hook-form'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'

const organizationHint = "Company or institution you're representing"

type ProfileValues = { email: string; fullName: string; organization?: string }

/**
 * Email, Full Name and Organization: the same fields, labels and hint on Register and on My Profile.
 * `afterEmail` goes right below the email (My Profile's current password, asked for when the email changes).
 */
export function ProfileFields<T extends ProfileValues>({
  register,
  errors,
  afterEmail,
}: {
  register: UseFormRegister<T>
  errors: FieldErrors<T>
  afterEmail?: ReactNode
}) {
  // Both forms hold these three fields; the narrowing lets one component register them for either.
  const registerField = register as unknown as UseFormRegister<ProfileValues>
  const fieldErrors = errors as FieldErrors<ProfileValues>
  return (
    <>
      <FormField id="email" label="Email" error={fieldErrors.email?.message}>
        <Input type="email" autoComplete="email" {...registerField('email')} />
      </FormField>
      {afterEmail}
      <FormField id="fullName" label="Full Name" error={fieldErrors.fullName?.message}>
        <Input autoComplete="name" {...registerField('fullName')} />
      </FormField>
      <FormField
        id="organization"
        label="Organization"
        hint={organizationHint}
        error={fieldErrors.organization?.message}
      >
        <Input autoComplete="organization" {...registerField('organization')} />
      </FormField>
    </>
  )
}
