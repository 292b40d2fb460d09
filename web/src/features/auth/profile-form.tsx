import { zodResolver } from '@hookform/resolvers/zod'
import { type Profile, type ProfileBody, ProfileBodySchema } from '@patentdesk/contract/auth'
import { useForm } from 'react-hook-form'
import { Button } from '@/components/ui/button'
import { toast } from '@/components/ui/toast'
import { useUpdateProfile } from './api'
import { ProfileFields } from './profile-fields'

function toFormValues({ email, fullName, organization }: Profile): ProfileBody {
  return { email, fullName, organization: organization ?? '' }
}

export function ProfileForm({ profile }: { profile: Profile }) {
  const updateProfile = useUpdateProfile()
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isDirty },
  } = useForm<ProfileBody>({ resolver: zodResolver(ProfileBodySchema), defaultValues: toFormValues(profile) })

  const onSubmit = handleSubmit((body) =>
    updateProfile.mutate(body, {
      onSuccess: (saved) => {
        reset(toFormValues(saved))
        toast({ title: 'Profile updated', description: 'Your profile has been updated successfully.' })
      },
    }),
  )

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <ProfileFields register={register} errors={errors} />
      <div>
        <Button type="submit" disabled={!isDirty || updateProfile.isPending}>
          {updateProfile.isPending ? 'Saving...' : 'Save Changes'}
        </Button>
      </div>
    </form>
  )
}
