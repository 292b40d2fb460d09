import { zodResolver } from '@hookform/resolvers/zod'
import {
  type RecoveryCodes as RecoveryCodesAnswer,
  TwoFactorEnableBodySchema,
  type TwoFactorSetup,
  type TwoFactorSetupBody,
  TwoFactorSetupBodySchema,
} from '@patentdesk/contract/auth'
import { useQueryClient } from '@tanstack/react-query'
import { ShieldCheck } from 'lucide-react'
import { useEffect, useState } from 'react'
import { useForm } from 'react-hook-form'
import { Button } from '@/components/ui/button'
import { Dialog, DialogActions, DialogClose, DialogContent, DialogTrigger } from '@/components/ui/dialog'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { profileQueryOptions, useEnableTwoFactor, useTwoFactorSetup } from '@/features/auth'
import { ApiError } from '@/lib/api-client'
import { sessionsQueryOptions } from './api'
import { RecoveryCodes } from './recovery-codes'

/** The otpauth URI as an SVG QR code in a data URL; the QR library loads only with this dialog. */
function useQrCode(uri: string | undefined) {
  const [src, setSrc] = useState<string>()
  useEffect(() => {
    if (!uri) return
    let current = true
    import('qrcode')
      .then((qr) => qr.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }))
      .then((svg) => current && setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`))
      .catch(() => current && setSrc(undefined))
    return () => {
      current = false
    }
  }, [uri])
  return src
}

function ConfirmCode({
  setup,
  onEnabled,
}: {
  setup: TwoFactorSetup
  onEnabled: (enabled: RecoveryCodesAnswer) => void
}) {
  const enable = useEnableTwoFactor()
  const qr = useQrCode(setup.otpauthUri)
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({ resolver: zodResolver(TwoFactorEnableBodySchema), defaultValues: { code: '' } })

  const onSubmit = handleSubmit((body) =>
    enable.mutate(body, {
      onSuccess: onEnabled,
      onError: (error) => setError('code', { message: error.message }),
    }),
  )

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <ol className="grid list-decimal gap-1 pl-5 text-sm">
        <li>Scan the QR code with an authenticator app, or type the secret into it.</li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
      <div className="flex flex-col items-center gap-3 sm:flex-row sm:items-start">
        <div className="grid size-44 shrink-0 place-items-center rounded-lg border bg-white p-2">
          {qr ? (
            <img src={qr} alt="QR code for your authenticator app" className="size-full" />
          ) : (
            <span className="text-xs text-muted-foreground">Drawing the QR code…</span>
          )}
        </div>
        <div className="grid min-w-0 gap-1 text-sm">
          <span className="font-medium">Secret for manual entry</span>
          <code data-testid="totp-secret" className="break-all rounded bg-muted px-2 py-1 font-mono">
            {setup.secret}
          </code>
          <span className="text-xs text-muted-foreground">Time-based, 6 digits, every 30 seconds.</span>
        </div>
      </div>
      <FormField id="totp-code" label="6-digit code" error={errors.code?.message}>
        <Input
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          autoFocus
          className="max-w-40 font-mono tracking-widest"
          {...register('code')}
        />
      </FormField>
      <DialogActions>
        <Button type="submit" disabled={enable.isPending}>
          {enable.isPending ? 'Verifying...' : 'Verify and Enable'}
        </Button>
      </DialogActions>
    </form>
  )
}

/** What the last step says of the sessions the server signed out as 2FA went on. */
function signedOutText(revokedSessions: number | undefined) {
  if (!revokedSessions) return undefined
  return `${revokedSessions} other ${revokedSessions === 1 ? 'session was' : 'sessions were'} signed out.`
}

/** The first step: the current password, which the server checks before it makes a secret. */
function ConfirmPassword({ onReady }: { onReady: (setup: TwoFactorSetup) => void }) {
  const setup = useTwoFactorSetup()
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<TwoFactorSetupBody>({
    resolver: zodResolver(TwoFactorSetupBodySchema),
    defaultValues: { password: '' },
  })

  const onSubmit = handleSubmit((body) =>
    setup.mutate(body, {
      onSuccess: onReady,
      onError: (error) => {
        const message = error instanceof ApiError ? error.fields?.password : undefined
        if (message) return setError('password', { message }, { shouldFocus: true })
        setError('root', { message: error.message })
      },
    }),
  )

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <FormField
        id="two-factor-password"
        label="Current password"
        hint="Confirm it is you before a new secret is made."
        error={errors.password?.message}
      >
        <Input type="password" autoComplete="current-password" autoFocus {...register('password')} />
      </FormField>
      {errors.root && (
        <p role="alert" className="text-sm text-destructive">
          {errors.root.message}
        </p>
      )}
      <DialogActions>
        <Button type="submit" disabled={setup.isPending}>
          {setup.isPending ? 'Checking...' : 'Continue'}
        </Button>
      </DialogActions>
    </form>
  )
}

/**
 * Enrolment: the current password, then a fresh secret as a QR code and text, a code to confirm it, then the
 * recovery codes once. Turning 2FA on signs out the user's other sessions (the server does).
 */
export function TwoFactorEnableDialog() {
  const [open, setOpen] = useState(false)
  const [setup, setSetup] = useState<TwoFactorSetup>()
  const [enabled, setEnabled] = useState<RecoveryCodesAnswer>()
  const queryClient = useQueryClient()

  const onOpenChange = (next: boolean) => {
    setOpen(next)
    // The tab shows the new state (and this dialog gives way) only once the recovery codes are closed.
    if (!next && enabled) {
      queryClient.invalidateQueries({ queryKey: profileQueryOptions.queryKey })
      queryClient.invalidateQueries({ queryKey: sessionsQueryOptions.queryKey })
    }
    if (!next) return
    setSetup(undefined)
    setEnabled(undefined)
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <ShieldCheck />
          Enable 2FA
        </Button>
      </DialogTrigger>
      <DialogContent
        title={enabled ? 'Two-factor authentication is on' : 'Enable two-factor authentication'}
        description={
          enabled
            ? signedOutText(enabled.revokedSessions)
            : 'Signing in will ask for a code from your authenticator app after your password. Turning it on signs out your other sessions; this one stays.'
        }
      >
        {enabled ? (
          <>
            <RecoveryCodes codes={enabled.recoveryCodes} />
            <div className="flex justify-end">
              <DialogClose asChild>
                <Button>Done</Button>
              </DialogClose>
            </div>
          </>
        ) : setup ? (
          <ConfirmCode setup={setup} onEnabled={setEnabled} />
        ) : (
          <ConfirmPassword onReady={setSetup} />
        )}
      </DialogContent>
    </Dialog>
  )
}
