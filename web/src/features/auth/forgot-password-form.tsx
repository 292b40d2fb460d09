import { zodResolver } from '@hookform/resolvers/zod'
import { type ForgotPasswordBody, ForgotPasswordBodySchema } from '@patentdesk/contract/auth'
import { useForm } from 'react-hook-form'
import { Link } from 'react-router'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { useRequestPasswordReset } from './api'

export function ForgotPasswordForm() {
  const requestReset = useRequestPasswordReset()
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ForgotPasswordBody>({
    resolver: zodResolver(ForgotPasswordBodySchema),
    defaultValues: { email: '' },
  })

  const onSubmit = handleSubmit((body) => requestReset.mutate(body))

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h1" className="text-2xl">
          Forgot your password?
        </CardTitle>
        <CardDescription>
          Enter the email address of your account and we will send you a link to reset your password.
        </CardDescription>
      </CardHeader>
      {requestReset.isSuccess ? (
        <>
          <CardContent>
            <Alert variant="success">{requestReset.data.message}</Alert>
          </CardContent>
          <CardFooter>
            <Button asChild variant="outline" className="w-full">
              <Link to="/login">Back to login</Link>
            </Button>
          </CardFooter>
        </>
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <CardContent className="grid gap-4">
            <FormField id="email" label="Email" error={errors.email?.message}>
              <Input type="email" autoComplete="email" autoFocus {...register('email')} />
            </FormField>
          </CardContent>
          <CardFooter className="flex-col gap-4">
            <Button type="submit" className="w-full" disabled={requestReset.isPending}>
              {requestReset.isPending ? 'Sending...' : 'Send Reset Link'}
            </Button>
            <Link to="/login" className="text-sm font-medium text-primary hover:underline">
              Back to login
            </Link>
          </CardFooter>
        </form>
      )}
    </Card>
  )
}
