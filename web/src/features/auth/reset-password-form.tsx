import { zodResolver } from '@hookform/resolvers/zod'
import {
  passwordResetMessages,
  ResetPasswordBodySchema,
  ResetPasswordFormSchema,
  type ResetPasswordForm as ResetPasswordValues,
} from '@patentdesk/contract/auth'
import { limits } from '@patentdesk/contract/limits'
import { useForm } from 'react-hook-form'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { toast } from '@/components/ui/toast'
import { useResetPassword } from './api'

/** The token arrives in the mailed link; one the server would refuse on sight needs no form. */
export function ResetPasswordForm() {
  const [searchParams] = useSearchParams()
  const token = searchParams.get('token') ?? ''
  const isWellFormed = ResetPasswordBodySchema.shape.token.safeParse(token).success

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h1" className="text-2xl">
          Reset your password
        </CardTitle>
        {isWellFormed && (
          <CardDescription>
            Choose a new password of at least {limits.password.min} characters.
          </CardDescription>
        )}
      </CardHeader>
      {isWellFormed ? <NewPasswordFields token={token} /> : <InvalidLink />}
    </Card>
  )
}

function NewPasswordFields({ token }: { token: string }) {
  const navigate = useNavigate()
  const resetPassword = useResetPassword()
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ResetPasswordValues>({
    resolver: zodResolver(ResetPasswordFormSchema),
    defaultValues: { token, newPassword: '', confirmPassword: '' },
  })

  const onSubmit = handleSubmit(({ confirmPassword: _, ...body }) =>
    resetPassword.mutate(body, {
      onSuccess: ({ message }) => {
        toast({ title: 'Password reset', description: message })
        navigate('/login', { replace: true })
      },
    }),
  )

  return (
    <form onSubmit={onSubmit} noValidate>
      <CardContent className="grid gap-4">
        <FormField id="newPassword" label="New Password" error={errors.newPassword?.message}>
          <Input type="password" autoComplete="new-password" autoFocus {...register('newPassword')} />
        </FormField>
        <FormField id="confirmPassword" label="Confirm New Password" error={errors.confirmPassword?.message}>
          <Input type="password" autoComplete="new-password" {...register('confirmPassword')} />
        </FormField>
      </CardContent>
      <CardFooter className="flex-col gap-4">
        <Button type="submit" className="w-full" disabled={resetPassword.isPending}>
          {resetPassword.isPending ? 'Resetting...' : 'Reset Password'}
        </Button>
        <Link to="/login" className="text-sm font-medium text-primary hover:underline">
          Back to login
        </Link>
      </CardFooter>
    </form>
  )
}

function InvalidLink() {
  return (
    <>
      <CardContent>
        <Alert variant="destructive">{passwordResetMessages.invalidToken}</Alert>
      </CardContent>
      <CardFooter className="flex-col gap-4">
        <Button asChild className="w-full">
          <Link to="/forgot-password">Request a new link</Link>
        </Button>
        <Link to="/login" className="text-sm font-medium text-primary hover:underline">
          Back to login
        </Link>
      </CardFooter>
    </>
  )
}
