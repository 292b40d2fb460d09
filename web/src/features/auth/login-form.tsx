import { zodResolver } from '@hookform/resolvers/zod'
import { type LoginBody, LoginBodySchema } from '@patentdesk/contract/auth'
import { useForm } from 'react-hook-form'
import { Link, useNavigate } from 'react-router'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { toast } from '@/components/ui/toast'
import { useLogin } from './api'

export function LoginForm() {
  const navigate = useNavigate()
  const login = useLogin()
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
        navigate(user.isAdmin ? '/admin' : '/dashboard', { replace: true })
      },
      onError: (error) =>
        toast({ title: 'Login failed', description: error.message, variant: 'destructive' }),
    }),
  )

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h1" className="text-2xl">
          Login
        </CardTitle>
        <CardDescription>Enter your credentials to access your account</CardDescription>
      </CardHeader>
      <form onSubmit={onSubmit} noValidate>
        <CardContent className="grid gap-4">
          <FormField id="username" label="Username" error={errors.username?.message}>
            <Input autoComplete="username" autoFocus {...register('username')} />
          </FormField>
          <FormField id="password" label="Password" error={errors.password?.message}>
            <Input type="password" autoComplete="current-password" {...register('password')} />
          </FormField>
          <div className="-mt-1 text-right">
            <Link to="/forgot-password" className="text-sm text-primary hover:underline">
              Forgot your password?
            </Link>
          </div>
        </CardContent>
        <CardFooter className="flex-col gap-4">
          <Button type="submit" className="w-full" disabled={login.isPending}>
            {login.isPending ? 'Logging in...' : 'Login'}
          </Button>
          <p className="text-sm text-muted-foreground">
            Don't have an account?{' '}
            <Link to="/register" className="font-medium text-primary hover:underline">
              Register
            </Link>
          </p>
        </CardFooter>
      </form>
    </Card>
  )
}
