import { zodResolver } from '@hookform/resolvers/zod'
import { type LoginBody, LoginBodySchema } from '@patentdesk/contract/auth'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { toast } from '@/components/ui/toast'
import { ApiError } from '@/lib/api-client'
import { useLogin } from './api'
import { safeNextPath } from './next-path'

/**
 * The password, then — when the server answers TWO_FACTOR_REQUIRED — the code from the authenticator app
 * or a recovery code, sent with the same credentials. Afterwards it returns to `?next=` when that is a path of
 * this site.
 */
export function LoginForm() {
  const navigate = useNavigate()
  const [searchParams] = useSearchParams()
  const login = useLogin()
  const [needsCode, setNeedsCode] = useState(false)
  const next = safeNextPath(searchParams.get('next'))
  // Registering instead returns to the same page.
  const registerPath = next ? `/register?next=${encodeURIComponent(next)}` : '/register'
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginBody>({
    resolver: zodResolver(LoginBodySchema),
    defaultValues: { username: '', password: '' },
  })

  const onSubmit = handleSubmit((body) =>
    login.mutate(body, {
      onSuccess: (user) => {
        toast({ title: 'Welcome back!', description: `Logged in successfully as ${user.username}` })
        navigate(next ?? (user.isAdmin ? '/admin' : '/dashboard'), { replace: true })
      },
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'TWO_FACTOR_REQUIRED') setNeedsCode(true)
      },
    }),
  )

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h1" className="text-2xl">
          Login
        </CardTitle>
        <CardDescription>
          {needsCode
            ? 'Enter the 6-digit code from your authenticator app, or one of your recovery codes.'
            : 'Enter your credentials to access your account'}
        </CardDescription>
      </CardHeader>
      <form onSubmit={onSubmit} noValidate>
        <CardContent className="grid gap-4">
          <FormField id="username" label="Username" error={errors.username?.message}>
            <Input autoComplete="username" autoFocus {...register('username')} />
          </FormField>
          <FormField id="password" label="Password" error={errors.password?.message}>
            <Input type="password" autoComplete="current-password" {...register('password')} />
          </FormField>
          {needsCode && (
            <FormField
              id="code"
              label="Authentication code"
              hint="6 digits from your app, or a recovery code such as abcd-efgh-jkmn-pqrs"
              error={errors.code?.message}
            >
              <Input autoComplete="one-time-code" spellCheck={false} autoFocus {...register('code')} />
            </FormField>
          )}
          <div className="-mt-1 text-right">
            <Link to="/forgot-password" className="text-sm text-primary hover:underline">
              Forgot your password?
            </Link>
          </div>
        </CardContent>
        <CardFooter className="flex-col gap-4">
          <Button type="submit" className="w-full" disabled={login.isPending}>
            {login.isPending ? 'Logging in...' : needsCode ? 'Verify and Login' : 'Login'}
          </Button>
          <p className="text-sm text-muted-foreground">
            Don't have an account?{' '}
            <Link to={registerPath} className="font-medium text-primary hover:underline">
              Register
            </Link>
          </p>
        </CardFooter>
      </form>
    </Card>
  )
}
