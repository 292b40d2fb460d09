import { zodResolver } from '@hookform/resolvers/zod'
import { RegisterFormSchema, type RegisterForm as RegisterFormValues } from '@patentdesk/contract/auth'
import { useForm } from 'react-hook-form'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { toast } from '@/components/ui/toast'
import { useRegister } from './api'
import { safeNextPath } from './next-path'
import { ProfileFields } from './profile-fields'

const emptyForm = {
  username: '',
  email: '',
  fullName: '',
  organization: '',
  password: '',
  confirmPassword: '',
}

/** A new account, then the page of `?next=` when that is a path of this site (an invitation's), as login does. */
export function RegisterForm() {
  const navigate = useNavigate()
  const next = safeNextPath(useSearchParams()[0].get('next'))
  const registration = useRegister()
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<RegisterFormValues>({ resolver: zodResolver(RegisterFormSchema), defaultValues: emptyForm })

  const onSubmit = handleSubmit(({ confirmPassword: _, organization, ...body }) =>
    registration.mutate(
      { ...body, organization: organization || undefined },
      {
        onSuccess: () => {
          toast({ title: 'Account created', description: 'Your account has been created successfully' })
          navigate(next ?? '/dashboard', { replace: true })
        },
      },
    ),
  )

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h1" className="text-2xl">
          Register
        </CardTitle>
        <CardDescription>Create an account to start your patent application</CardDescription>
      </CardHeader>
      <form onSubmit={onSubmit} noValidate>
        <CardContent className="grid gap-4">
          <FormField id="username" label="Username" error={errors.username?.message}>
            <Input autoComplete="username" autoFocus {...register('username')} />
          </FormField>
          <ProfileFields register={register} errors={errors} />
          <FormField id="password" label="Password" error={errors.password?.message}>
            <Input type="password" autoComplete="new-password" {...register('password')} />
          </FormField>
          <FormField id="confirmPassword" label="Confirm Password" error={errors.confirmPassword?.message}>
            <Input type="password" autoComplete="new-password" {...register('confirmPassword')} />
          </FormField>
        </CardContent>
        <CardFooter className="flex-col gap-4">
          <Button type="submit" className="w-full" disabled={registration.isPending}>
            {registration.isPending ? 'Creating account...' : 'Register'}
          </Button>
          <p className="text-sm text-muted-foreground">
            Already have an account?{' '}
            <Link
              to={next ? `/login?next=${encodeURIComponent(next)}` : '/login'}
              className="font-medium text-primary hover:underline"
            >
              Log in
            </Link>
          </p>
        </CardFooter>
      </form>
    </Card>
  )
}
