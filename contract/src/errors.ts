import { z } from 'zod'
import { limits } from './limits'

/** The closed list of error codes the API answers with; the server maps each to one HTTP status. */
export const ErrorCodeSchema = z.enum([
  'BAD_REQUEST',
  'UNAUTHENTICATED',
  /** The password was right; the user has two-factor sign-in on and sent no code (status 401). */
  'TWO_FACTOR_REQUIRED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'UNPROCESSABLE',
  'RATE_LIMITED',
  'INTERNAL',
  'UNAVAILABLE',
])
export type ErrorCode = z.infer<typeof ErrorCodeSchema>

/**
 * The one error body of the API. `fields` names each invalid field with its message; `current`, on the 409
 * of a stale save, is the record as it now stands, for the client to show what changed.
 */
export const ErrorBodySchema = z.object({
  error: ErrorCodeSchema,
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
  current: z.unknown().optional(),
})
export type ErrorBody = z.infer<typeof ErrorBodySchema>

export const messages = {
  authRequiredMutation: 'Authentication required. Please log in and try again.',
  authRequiredQuery: 'Authentication required. Please login and try again.',
  invalidCredentials: 'Invalid username or password.',
  twoFactorRequired: 'Enter the 6-digit code from your authenticator app, or a recovery code.',
  sessionExpired: 'Your session has expired. Please log in again.',
  adminOnly: 'This action requires administrator rights.',
  usernameTaken: 'This username is already taken.',
  emailTaken: 'An account with this email address already exists.',
  wrongCurrentPassword: 'Current password is incorrect.',
  tooManyLogins: 'Too many failed login attempts. Please wait {minutes} minutes and try again.',
  tooManyRegistrations: 'Too many accounts created from this address. Please try again later.',
  tooManyResetRequests: 'Too many password reset requests from this address. Please try again later.',
  notFound: 'The requested resource was not found.',
  internal: 'Something went wrong on our side. Please try again later.',
  /** The database does not answer (a restart, a failover, a cut connection): a 503 with Retry-After. */
  databaseUnavailable: 'The service is briefly unavailable. Please try again in a few seconds.',
  malformedJson: 'The request body is not valid JSON.',
  bodyTooLarge: `The request body must be at most ${limits.jsonBodyBytes} bytes.`,
  malformedMultipart: 'The form data is incomplete or malformed.',
  fieldTooLarge: 'The form field "{field}" must be at most {bytes} bytes.',
  /** PostgreSQL cannot store U+0000 in text, and no person types it: refused wherever input arrives. */
  nulCharacter: 'Text must not contain the NUL character (U+0000).',
  realDate: 'Enter a real date as YYYY-MM-DD.',
  /** What a person types into a date field: the UK order, day first. */
  ukDate: 'Enter a real date as dd/mm/yyyy, for example 02/03/2026.',
} as const
