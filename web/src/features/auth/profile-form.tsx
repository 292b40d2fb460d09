import { zodResolver } from '@hookform/resolvers/zod'
import {
  buildProfileFormSchema,
  changesEmail,
  type Profile,
  type ProfileBody,
} from '@patentdesk/contract/auth'
import { useMemo } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { toast } from '@/components/ui/toast'
import { ApiError } from '@/lib/api-client'
import { useUpdateProfile } from './api'
import { ProfileFields } from './profile-fields'

function toFormValues({ email, fullName, organization }: Profile): ProfileBody {
  return { email, fullName, organization: organization ?? '', currentPassword: '' }
}

const currentPasswordHint =
  'Needed to change your email address. We will tell your old address about the change.'

/**
 * Email, name and organization. Moving to another email address asks for the current password: its field
 * shows while the email differs from the stored one, and the password is sent only then.
 */
export function ProfileForm({ profile }: { profile: Profile }) {
  const updateProfile = useUpdateProfile()
  const schema = useMemo(() => buildProfileFormSchema(profile.email), [profile.email])
  const {
    register,
    handleSubmit,
    reset,
    setError,
    control,
    formState: { errors, isDirty },
  } = useForm<ProfileBody>({ resolver: zodResolver(schema), defaultValues: toFormValues(profile) })
  const emailChanges = changesEmail(useWatch({ control, name: 'email' }), profile.email)

  const onSubmit = handleSubmit(({ currentPassword, ...body }) =>
    updateProfile.mutate(emailChanges ? { ...body, currentPassword } : body, {
      onSuccess: (saved) => {
        reset(toFormValues(saved))
        toast({ title: 'Profile updated', description: 'Your profile has been updated successfully.' })
      },
      onError: (error) => {
        const message = error instanceof ApiError ? error.fields?.currentPassword : undefined
        if (message) setError('currentPassword', { message }, { shouldFocus: true })
      },
    }),
  )

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <ProfileFields
        register={register}
        errors={errors}
        afterEmail={
          emailChanges && (
            <FormField
              id="profile-current-password"
              label="Current password"
              hint={currentPasswordHint}
              error={errors.currentPassword?.message}
            >
              <Input type="password" autoComplete="current-password" {...register('currentPassword')} />
            </FormField>
          )
        }
      />
      <div>
        <Button type="submit" disabled={!isDirty || updateProfile.isPending}>
          {updateProfile.isPending ? 'Saving...' : 'Save Changes'}
        </Button>
      </div>
    </form>
  )
}
