import { messages } from '@patentdesk/contract/errors'
import { AppError } from '~/errors'
import { createAccounts } from './accounts'
import type { AuthDeps, AuthParts, AuthUser } from './auth-parts'
import { createBackgroundTasks } from './background'
import { createPasswordReset } from './password-reset'
import { createSessions } from './sessions'
import { createTwoFactorSettings } from './two-factor-settings'

export type { AuthUser, ClientInfo } from './auth-parts'

/** The one rule for administrators' routes and actions: a signed-in user who is not one is refused. */
export function assertAdmin(user: AuthUser): AuthUser {
  if (!user.isAdmin) throw new AppError('FORBIDDEN', messages.adminOnly)
  return user
}

/**
 * Accounts and sign-in, one service from four parts: accounts (registration, profile, administration),
 * sessions (login, bearer tokens, sign-out), two-factor settings, and password reset by mail. Each method
 * is named here, so no part can take another's name unseen.
 */
export function createAuthService(deps: AuthDeps) {
  const background = createBackgroundTasks(deps.log)
  const parts: AuthParts = { ...deps, background }
  const accounts = createAccounts(parts)
  const sessions = createSessions(parts)
  const twoFactor = createTwoFactorSettings(parts)
  const passwordReset = createPasswordReset(parts)
  return {
    createUser: accounts.createUser,
    register: accounts.register,
    getProfile: accounts.getProfile,
    updateProfile: accounts.updateProfile,
    changePassword: accounts.changePassword,
    setPassword: accounts.setPassword,
    promote: accounts.promote,
    listAdminIds: accounts.listAdminIds,
    listUsers: accounts.listUsers,
    countUsers: accounts.countUsers,
    login: sessions.login,
    authenticate: sessions.authenticate,
    logout: sessions.logout,
    listSessions: sessions.listSessions,
    logoutAll: sessions.logoutAll,
    setUpTwoFactor: twoFactor.setUpTwoFactor,
    enableTwoFactor: twoFactor.enableTwoFactor,
    disableTwoFactor: twoFactor.disableTwoFactor,
    resetTwoFactor: twoFactor.resetTwoFactor,
    requestPasswordReset: passwordReset.requestPasswordReset,
    resetPassword: passwordReset.resetPassword,
    /** Resolves once the work left after answers (mails, notices) is done; the app waits for it on close. */
    settle: background.settle,
  }
}

export type AuthService = ReturnType<typeof createAuthService>
