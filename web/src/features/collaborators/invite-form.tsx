import { zodResolver } from '@hookform/resolvers/zod'
import { roleDescriptions, roleLabels } from '@patentdesk/contract/collaborator-roles'
import { type InviteBody, InviteBodySchema } from '@patentdesk/contract/collaborators'
import { UserPlus } from 'lucide-react'
import { useController, useForm } from 'react-hook-form'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { toast } from '@/components/ui/toast'
import { ApiError } from '@/lib/api-client'
import { isRefusal, useInvite } from './api'
import { RoleSelect } from './role-select'

/** The owner invites by address: an account is added at once, an unknown address gets a mail. */
export function InviteForm({ applicationId }: { applicationId: number }) {
  const invite = useInvite(applicationId)
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<InviteBody>({
    resolver: zodResolver(InviteBodySchema),
    // The least a role allows, until the owner asks for more.
    defaultValues: { email: '', role: 'viewer' },
  })
  const { field: role } = useController({ control, name: 'role' })

  const onSubmit = handleSubmit((body) =>
    invite.mutate(body, {
      onSuccess: (collaborator) => {
        toast(
          collaborator.user
            ? {
                title: 'Collaborator added',
                description: `${collaborator.user.fullName} can now open it as ${roleLabels[collaborator.role]}.`,
              }
            : { title: 'Invitation sent', description: `An invitation was mailed to ${collaborator.email}.` },
        )
        reset({ email: '', role: body.role })
      },
      onError: (error) => {
        if (!isRefusal(error)) return
        const fields = error instanceof ApiError ? error.fields : undefined
        if (fields?.email) return setError('email', { message: fields.email }, { shouldFocus: true })
        if (fields?.role) return setError('role', { message: fields.role })
        setError('root', { message: error.message })
      },
    }),
  )

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-3">
      <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_auto]">
        <FormField
          id="invite-email"
          label="Email address"
          hint="Someone without an account gets an invitation by mail."
          error={errors.email?.message}
        >
          <Input type="email" autoComplete="off" placeholder="name@example.com" {...register('email')} />
        </FormField>
        <div className="grid content-start gap-2">
          <Label htmlFor="invite-role">Role</Label>
          <RoleSelect
            id="invite-role"
            value={role.value}
            onChange={role.onChange}
            describedBy="invite-role-hint"
            className="w-full sm:w-32"
          />
        </div>
      </div>
      <p id="invite-role-hint" className="text-xs text-muted-foreground">
        <span className="font-medium text-foreground">{roleLabels[role.value]}:</span>{' '}
        {roleDescriptions[role.value]}
      </p>
      {(errors.root ?? errors.role) && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {(errors.root ?? errors.role)?.message}
        </p>
      )}
      <div className="flex justify-end">
        <Button type="submit" disabled={invite.isPending}>
          <UserPlus />
          {invite.isPending ? 'Inviting...' : 'Invite'}
        </Button>
      </div>
    </form>
  )
}
