import { zodResolver } from '@hookform/resolvers/zod'
import {
  ChangePasswordFormSchema,
  type ChangePasswordForm as ChangePasswordValues,
} from '@patentdesk/contract/auth'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { toast } from '@/components/ui/toast'
import { useChangePassword } from './api'

const emptyForm = { currentPassword: '', newPassword: '', confirmPassword: '' }

export function ChangePasswordForm() {
  const changePassword = useChangePassword()
  const [revokedSessions, setRevokedSessions] = useState<number | null>(null)
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isDirty },
  } = useForm<ChangePasswordValues>({
    resolver: zodResolver(ChangePasswordFormSchema),
    defaultValues: emptyForm,
  })

  const onSubmit = handleSubmit(({ currentPassword, newPassword }) => {
    setRevokedSessions(null)
    changePassword.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: (result) => {
          reset(emptyForm)
          setRevokedSessions(result.revokedSessions)
          toast({ title: 'Password changed', description: 'Your password has been changed successfully.' })
        },
      },
    )
  })

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      {revokedSessions !== null && <Alert variant="success">{describeSignOut(revokedSessions)}</Alert>}
      <FormField id="currentPassword" label="Current Password" error={errors.currentPassword?.message}>
        <Input type="password" autoComplete="current-password" {...register('currentPassword')} />
      </FormField>
      <FormField id="newPassword" label="New Password" error={errors.newPassword?.message}>
        <Input type="password" autoComplete="new-password" {...register('newPassword')} />
      </FormField>
      <FormField id="confirmPassword" label="Confirm New Password" error={errors.confirmPassword?.message}>
        <Input type="password" autoComplete="new-password" {...register('confirmPassword')} />
      </FormField>
      <div>
        <Button type="submit" disabled={!isDirty || changePassword.isPending}>
          {changePassword.isPending ? 'Changing...' : 'Change Password'}
        </Button>
      </div>
    </form>
  )
}

function describeSignOut(revokedSessions: number) {
  if (revokedSessions === 0) return 'Please use your new password the next time you log in.'
  const sessions = revokedSessions === 1 ? '1 other session was' : `${revokedSessions} other sessions were`
  return `${sessions} signed out. Please log in again there with your new password.`
}
