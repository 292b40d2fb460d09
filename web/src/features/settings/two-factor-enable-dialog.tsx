import { zodResolver } from '@hookform/resolvers/zod'
import { TwoFactorEnableBodySchema, type TwoFactorSetup } from '@patentdesk/contract/auth'
import { useQueryClient } from '@tanstack/react-query'
import { ShieldCheck } from 'lucide-react'
import { useEffect, useState } from 'react'
import { useForm } from 'react-hook-form'
import { Button } from '@/components/ui/button'
import { Dialog, DialogActions, DialogClose, DialogContent, DialogTrigger } from '@/components/ui/dialog'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { profileQueryOptions, useEnableTwoFactor, useTwoFactorSetup } from '@/features/auth'
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

function ConfirmCode({ setup, onEnabled }: { setup: TwoFactorSetup; onEnabled: (codes: string[]) => void }) {
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
      onSuccess: ({ recoveryCodes }) => onEnabled(recoveryCodes),
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

/** Enrolment: a fresh secret as a QR code and text, a code to confirm it, then the recovery codes once. */
export function TwoFactorEnableDialog() {
  const [open, setOpen] = useState(false)
  const [codes, setCodes] = useState<string[]>()
  const setup = useTwoFactorSetup()
  const queryClient = useQueryClient()

  const onOpenChange = (next: boolean) => {
    setOpen(next)
    // The tab shows the new state (and this dialog gives way) only once the recovery codes are closed.
    if (!next && codes) queryClient.invalidateQueries({ queryKey: profileQueryOptions.queryKey })
    if (!next) return
    setCodes(undefined)
    setup.reset()
    setup.mutate()
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
        title={codes ? 'Two-factor authentication is on' : 'Enable two-factor authentication'}
        description={
          codes
            ? undefined
            : 'Signing in will ask for a code from your authenticator app after your password.'
        }
      >
        {codes ? (
          <>
            <RecoveryCodes codes={codes} />
            <div className="flex justify-end">
              <DialogClose asChild>
                <Button>Done</Button>
              </DialogClose>
            </div>
          </>
        ) : setup.data ? (
          <ConfirmCode setup={setup.data} onEnabled={setCodes} />
        ) : setup.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {setup.error.message}
          </p>
        ) : (
          <p className="text-sm text-muted-foreground">Preparing a secret…</p>
        )}
      </DialogContent>
    </Dialog>
  )
}
