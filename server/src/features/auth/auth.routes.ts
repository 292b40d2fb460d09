import {
  ChangePasswordBodySchema,
  ForgotPasswordBodySchema,
  LoginBodySchema,
  ProfileBodySchema,
  ProfileSchema,
  RecoveryCodesSchema,
  RegisterBodySchema,
  ResetPasswordBodySchema,
  SessionsRevokedSchema,
  TwoFactorDisableBodySchema,
  TwoFactorEnableBodySchema,
  TwoFactorSetupBodySchema,
  TwoFactorSetupSchema,
  twoFactorMessages,
} from '@patentdesk/contract/auth'
import { OkMessageSchema, OkSchema } from '@patentdesk/contract/common'
import { SessionUserSchema } from '@patentdesk/contract/session-user'
import { ActiveSessionListSchema } from '@patentdesk/contract/settings'
import type { App } from '~/app-type'
import { clientInfo, requireUser } from '~/plugins/auth'
import type { AuthService } from './auth.service'

export function authRoutes(app: App, { auth }: { auth: AuthService }) {
  app.post(
    '/api/auth/register',
    {
      config: {
        public: true,
        openapi: {
          errors: { 409: 'The username or the email is taken.', 429: 'Too many accounts from this address.' },
        },
      },
      schema: { body: RegisterBodySchema, response: { 201: SessionUserSchema } },
    },
    async (request, reply) => reply.status(201).send(await auth.register(request.body, clientInfo(request))),
  )

  app.post(
    '/api/auth/login',
    {
      config: {
        public: true,
        openapi: {
          errors: {
            401:
              'Invalid username or password, or an invalid two-factor code; `TWO_FACTOR_REQUIRED` when the ' +
              'password was right and the user has two-factor sign-in on: send it again with `code`.',
            429:
              'Too many failed attempts for this user or address, or (once the password was right) too many ' +
              'wrong two-factor codes for the account from any address; `Retry-After` says when to try again.',
          },
        },
      },
      schema: { body: LoginBodySchema, response: { 200: SessionUserSchema } },
    },
    (request) => auth.login(request.body, clientInfo(request)),
  )

  app.post('/api/auth/logout', { schema: { response: { 200: OkSchema } } }, async (request) => {
    await auth.logout(requireUser(request))
    return { ok: true as const }
  })

  app.get('/api/auth/profile', { schema: { response: { 200: ProfileSchema } } }, (request) =>
    auth.getProfile(requireUser(request)),
  )

  app.put(
    '/api/auth/profile',
    {
      config: {
        openapi: {
          errors: {
            400: 'Invalid input (`fields`), or a new email address without `currentPassword`.',
            401:
              'No valid session, or a new email address with a wrong `currentPassword` ' +
              '(`fields.currentPassword` says so).',
            409: 'The email belongs to another account.',
            429: 'Too many wrong passwords for this user or address; `Retry-After` says when to try again.',
          },
        },
      },
      schema: { body: ProfileBodySchema, response: { 200: ProfileSchema } },
    },
    (request) => auth.updateProfile(requireUser(request), request.body, clientInfo(request)),
  )

  app.put(
    '/api/auth/change-password',
    { schema: { body: ChangePasswordBodySchema, response: { 200: SessionsRevokedSchema } } },
    (request) => auth.changePassword(requireUser(request), request.body),
  )

  app.post(
    '/api/auth/forgot-password',
    {
      config: { public: true, openapi: { errors: { 429: 'Too many reset requests from this address.' } } },
      schema: { body: ForgotPasswordBodySchema, response: { 200: OkMessageSchema } },
    },
    (request) => auth.requestPasswordReset(request.body, clientInfo(request)),
  )

  app.post(
    '/api/auth/reset-password',
    {
      config: { public: true },
      schema: { body: ResetPasswordBodySchema, response: { 200: OkMessageSchema } },
    },
    (request) => auth.resetPassword(request.body),
  )

  app.get('/api/auth/sessions', { schema: { response: { 200: ActiveSessionListSchema } } }, (request) =>
    auth.listSessions(requireUser(request)),
  )

  app.post('/api/auth/logout-all', { schema: { response: { 200: SessionsRevokedSchema } } }, (request) =>
    auth.logoutAll(requireUser(request)),
  )

  app.post(
    '/api/auth/2fa/setup',
    {
      config: {
        openapi: {
          errors: {
            401: 'No valid session, or a wrong current password (`fields.password` says so).',
            409: twoFactorMessages.alreadyEnabled,
            429: 'Too many wrong passwords for this user or address; `Retry-After` says when to try again.',
          },
        },
      },
      schema: { body: TwoFactorSetupBodySchema, response: { 200: TwoFactorSetupSchema } },
    },
    (request) => auth.setUpTwoFactor(requireUser(request), request.body, clientInfo(request)),
  )

  app.post(
    '/api/auth/2fa/enable',
    {
      config: {
        openapi: {
          errors: {
            400: 'The code does not match the pending secret, or there is none.',
            409: twoFactorMessages.alreadyEnabled,
          },
        },
      },
      schema: { body: TwoFactorEnableBodySchema, response: { 200: RecoveryCodesSchema } },
    },
    (request) => auth.enableTwoFactor(requireUser(request), request.body),
  )

  app.post(
    '/api/auth/2fa/disable',
    {
      config: {
        openapi: {
          errors: {
            400: 'Wrong password or code.',
            409: twoFactorMessages.notEnabled,
            429:
              'Too many failed attempts from this address, or too many wrong codes for the account; ' +
              '`Retry-After` says when to try again.',
          },
        },
      },
      schema: { body: TwoFactorDisableBodySchema, response: { 200: OkSchema } },
    },
    (request) => auth.disableTwoFactor(requireUser(request), request.body, clientInfo(request)),
  )
}
