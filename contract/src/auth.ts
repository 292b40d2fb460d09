import { z } from 'zod'
import { messages } from './errors'
import { limits } from './limits'

export const authMessages = {
  usernameMin: 'Username must be at least 3 characters.',
  usernameMax: 'Username must not exceed 50 characters.',
  passwordMin: 'Password must be at least 6 characters.',
  passwordMax: `Password must not exceed ${limits.password.max} characters.`,
  email: 'Please enter a valid email address.',
  fullNameMin: 'Full name must be at least 2 characters.',
  fullNameMax: `Full name must not exceed ${limits.fullName.max} characters.`,
  organizationMax: `Organization must not exceed ${limits.organization.max} characters.`,
  passwordsMismatch: 'Passwords do not match',
  currentPasswordRequired: 'Current password is required.',
  newPasswordMin: 'New password must be at least 6 characters.',
  confirmNewPassword: 'Please confirm your new password.',
  newPasswordsMismatch: 'New passwords do not match',
  /** The profile form asks for the current password only when the email address changes. */
  emailChangePassword: 'Enter your current password to change your email address.',
} as const

const username = z
  .string()
  .trim()
  .min(limits.username.min, authMessages.usernameMin)
  .max(limits.username.max, authMessages.usernameMax)
const password = z
  .string()
  .min(limits.password.min, authMessages.passwordMin)
  .max(limits.password.max, authMessages.passwordMax)
/** An email address as every form takes it: trimmed, bounded, checked. */
export const EmailSchema = z
  .string()
  .trim()
  .max(limits.email.max, authMessages.email)
  .pipe(z.email(authMessages.email))
const email = EmailSchema
const fullName = z
  .string()
  .trim()
  .min(limits.fullName.min, authMessages.fullNameMin)
  .max(limits.fullName.max, authMessages.fullNameMax)
/** Optional everywhere; a blank value means "none". */
const organization = z.string().trim().max(limits.organization.max, authMessages.organizationMax).optional()

export const twoFactorMessages = {
  code: 'Enter the 6-digit code from your authenticator app.',
  loginCode: messages.twoFactorRequired,
  wrongCode: 'That code is not valid. Enter the current code from your authenticator app.',
  wrongLoginCode: 'Invalid two-factor code.',
  notSetUp: 'Start the set-up again: no pending two-factor secret was found.',
  alreadyEnabled: 'Two-factor authentication is already on.',
  notEnabled: 'Two-factor authentication is not on.',
  passwordRequired: authMessages.currentPasswordRequired,
  wrongPassword: messages.wrongCurrentPassword,
  /** Second-factor failures are counted per account, whatever the address they come from. */
  tooManyCodes:
    'Too many wrong two-factor codes for this account. Please wait {minutes} minutes and try again.',
} as const

/** A 6-digit TOTP code (RFC 6238, 30-second steps); spaces a person types are dropped. */
export const TwoFactorCodeSchema = z
  .string()
  .max(limits.twoFactorCode.max, twoFactorMessages.code)
  .transform((v) => v.replace(/\s/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, twoFactorMessages.code))

/** A 6-digit TOTP code or one of the recovery codes (xxxx-xxxx-xxxx-xxxx). */
export const TwoFactorLoginCodeSchema = z
  .string()
  .trim()
  .min(6, twoFactorMessages.loginCode)
  .max(limits.twoFactorCode.max, twoFactorMessages.loginCode)

export const LoginBodySchema = z.strictObject({
  username: z
    .string()
    .min(limits.username.min, authMessages.usernameMin)
    .max(limits.username.max, authMessages.usernameMax),
  password,
  /** Required once the user has two-factor sign-in on; the server answers TWO_FACTOR_REQUIRED without it. */
  code: TwoFactorLoginCodeSchema.optional(),
})
export type LoginBody = z.infer<typeof LoginBodySchema>

export const RegisterBodySchema = z.strictObject({ username, email, fullName, organization, password })
export type RegisterBody = z.infer<typeof RegisterBodySchema>

/** The register form: the body plus confirmPassword, which is checked here and never sent. */
export const RegisterFormSchema = z
  .object({ username, email, fullName, organization, password, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    message: authMessages.passwordsMismatch,
    path: ['confirmPassword'],
  })
export type RegisterForm = z.infer<typeof RegisterFormSchema>

export const ProfileSchema = z.object({
  email: z.string(),
  fullName: z.string(),
  organization: z.string().nullable(),
  twoFactorEnabled: z.boolean(),
})
export type Profile = z.infer<typeof ProfileSchema>

/**
 * `PUT /api/auth/profile`. `currentPassword` is required only when `email` differs from the stored address
 * (the server checks it against the account; a stolen session alone cannot move the account's email).
 */
export const ProfileBodySchema = z.strictObject({
  email,
  fullName,
  organization,
  currentPassword: z.string().max(limits.password.max).optional(),
})
export type ProfileBody = z.infer<typeof ProfileBodySchema>

/**
 * Whether a profile body's `email` moves the account off `storedEmail`, and so needs the current password:
 * compared as addresses are looked up (trimmed, in any case).
 */
export const changesEmail = (email: string, storedEmail: string) =>
  email.trim().toLowerCase() !== storedEmail.trim().toLowerCase()

/** The profile form: the body, with `currentPassword` required once the email differs from `storedEmail`. */
export const buildProfileFormSchema = (storedEmail: string) =>
  ProfileBodySchema.superRefine((body, ctx) => {
    if (!changesEmail(body.email, storedEmail) || body.currentPassword) return
    ctx.addIssue({ code: 'custom', path: ['currentPassword'], message: authMessages.emailChangePassword })
  })

const newPassword = z
  .string()
  .min(limits.password.min, authMessages.newPasswordMin)
  .max(limits.password.max, authMessages.passwordMax)
const confirmNewPassword = z.string().min(limits.password.min, authMessages.confirmNewPassword)
const newPasswordsMatch = {
  message: authMessages.newPasswordsMismatch,
  path: ['confirmPassword'],
}

export const ChangePasswordBodySchema = z.strictObject({
  currentPassword: z.string().min(1, authMessages.currentPasswordRequired).max(limits.password.max),
  newPassword,
})
export type ChangePasswordBody = z.infer<typeof ChangePasswordBodySchema>

export const ChangePasswordFormSchema = ChangePasswordBodySchema.extend({
  confirmPassword: confirmNewPassword,
}).refine((v) => v.newPassword === v.confirmPassword, newPasswordsMatch)
export type ChangePasswordForm = z.infer<typeof ChangePasswordFormSchema>

/** The answer of a change that signs sessions out (password change: the others; logout-all: every one). */
export const SessionsRevokedSchema = z.object({
  ok: z.literal(true),
  revokedSessions: z.number().int(),
})
export type SessionsRevoked = z.infer<typeof SessionsRevokedSchema>

export const passwordResetMessages = {
  sent: 'If an account uses that email address, we have sent it a link to reset the password.',
  invalidToken: 'This reset link is invalid or has expired. Ask for a new one.',
  done: 'Your password has been reset. Log in with the new password.',
} as const

export const ForgotPasswordBodySchema = z.strictObject({ email })
export type ForgotPasswordBody = z.infer<typeof ForgotPasswordBodySchema>

export const ResetPasswordBodySchema = z.strictObject({
  token: z.string().min(1, passwordResetMessages.invalidToken).max(200, passwordResetMessages.invalidToken),
  newPassword,
})
export type ResetPasswordBody = z.infer<typeof ResetPasswordBodySchema>

export const ResetPasswordFormSchema = ResetPasswordBodySchema.extend({
  confirmPassword: confirmNewPassword,
}).refine((v) => v.newPassword === v.confirmPassword, newPasswordsMatch)
export type ResetPasswordForm = z.infer<typeof ResetPasswordFormSchema>

/** `POST /api/auth/2fa/setup` body: the current password, so a stolen session cannot enrol its own authenticator. */
export const TwoFactorSetupBodySchema = z.strictObject({
  password: z.string().min(1, twoFactorMessages.passwordRequired).max(limits.password.max),
})
export type TwoFactorSetupBody = z.infer<typeof TwoFactorSetupBodySchema>

/** `POST /api/auth/2fa/setup`: a new pending secret, active only once enabled with a code. */
export const TwoFactorSetupSchema = z.object({
  secret: z.string().describe('The shared secret in base32, for manual entry.'),
  otpauthUri: z.string().describe('otpauth://totp/PatentDesk:<username>?secret=…&issuer=PatentDesk'),
})
export type TwoFactorSetup = z.infer<typeof TwoFactorSetupSchema>

export const TwoFactorEnableBodySchema = z.strictObject({ code: TwoFactorCodeSchema })
export type TwoFactorEnableBody = z.input<typeof TwoFactorEnableBodySchema>

export const RecoveryCodesSchema = z.object({
  recoveryCodes: z.array(z.string()).length(10).describe('Shown once; each signs in once.'),
  revokedSessions: z.number().int().describe('Other sessions signed out as 2FA was turned on.'),
})
export type RecoveryCodes = z.infer<typeof RecoveryCodesSchema>

export const TwoFactorDisableBodySchema = z.strictObject({
  password: z.string().min(1, twoFactorMessages.passwordRequired).max(limits.password.max),
  code: TwoFactorLoginCodeSchema,
})
export type TwoFactorDisableBody = z.infer<typeof TwoFactorDisableBodySchema>
