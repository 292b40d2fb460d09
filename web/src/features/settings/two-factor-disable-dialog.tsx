import { zodResolver } from '@hookform/resolvers/zod'
import { type TwoFactorDisableBody, TwoFactorDisableBodySchema } from '@patentdesk/contract/auth'
import { ShieldOff } from 'lucide-react'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { Button } from '@/components/ui/button'
import { Dialog, DialogActions, DialogContent, DialogTrigger } from '@/components/ui/dialog'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { toast } from '@/components/ui/toast'
import { useDisableTwoFactor } from '@/features/auth'
import { ApiError } from '@/lib/api-client'

function DisableForm({ onDone }: { onDone: () => void }) {
  const disable = useDisableTwoFactor()
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<TwoFactorDisableBody>({
    resolver: zodResolver(TwoFactorDisableBodySchema),
    defaultValues: { password: '', code: '' },
  })

  const onSubmit = handleSubmit((body) =>
    disable.mutate(body, {
      onSuccess: () => {
        toast({ title: 'Two-factor authentication is off' })
        onDone()
      },
      onError: (error) => {
        const fields = error instanceof ApiError ? error.fields : undefined
        if (fields?.password) return setError('password', { message: fields.password })
        if (fields?.code) setError('code', { message: fields.code })
      },
    }),
  )

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <FormField id="disable-password" label="Password" error={errors.password?.message}>
        <Input type="password" autoComplete="current-password" autoFocus {...register('password')} />
      </FormField>
      <FormField
        id="disable-code"
        label="Authentication code"
        hint="6 digits from your app, or a recovery code"
        error={errors.code?.message}
      >
        <Input autoComplete="one-time-code" spellCheck={false} className="max-w-60" {...register('code')} />
      </FormField>
      <DialogActions>
        <Button type="submit" variant="destructive" disabled={disable.isPending}>
          {disable.isPending ? 'Turning off...' : 'Turn Off 2FA'}
        </Button>
      </DialogActions>
    </form>
  )
}

/** Turning 2FA off asks for the password and a current code. */
export function TwoFactorDisableDialog() {
  const [open, setOpen] = useState(false)
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <ShieldOff />
          Disable 2FA
        </Button>
      </DialogTrigger>
      <DialogContent
        title="Turn off two-factor authentication?"
        description="Signing in will then ask only for your password. Confirm with your password and a current code."
      >
        {open && <DisableForm onDone={() => setOpen(false)} />}
      </DialogContent>
    </Dialog>
  )
}
