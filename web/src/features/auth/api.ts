import type {
  ChangePasswordBody,
  ForgotPasswordBody,
  LoginBody,
  Profile,
  ProfileBody,
  RecoveryCodes,
  RegisterBody,
  ResetPasswordBody,
  SessionsRevoked,
  TwoFactorDisableBody,
  TwoFactorEnableBody,
  TwoFactorSetup,
  TwoFactorSetupBody,
} from '@patentdesk/contract/auth'
import type { OkMessage } from '@patentdesk/contract/common'
import type { SessionUser } from '@patentdesk/contract/session-user'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router'
import { toast } from '@/components/ui/toast'
import { ApiError, apiRequest } from '@/lib/api-client'
import { messageOr } from '@/lib/query-meta'
import { clearSession, startSession, updateSessionUser, useSessionUser } from '@/lib/session'

export const profileQueryOptions = queryOptions<Profile>({ queryKey: ['/api/auth/profile'] })

/** Nothing cached for an earlier user (say, one signed out from another tab) may show to the new one. */
function useStartSession() {
  const queryClient = useQueryClient()
  return (user: SessionUser) => {
    queryClient.removeQueries()
    startSession(user)
  }
}

export function useLogin() {
  const start = useStartSession()
  return useMutation({
    mutationFn: (body: LoginBody) => apiRequest<SessionUser>('/api/auth/login', { method: 'POST', body }),
    onSuccess: start,
    // A second factor asked for is no failure: the form asks for the code.
    meta: {
      errorTitle: 'Login failed',
      errorToast: (error) => !(error instanceof ApiError && error.code === 'TWO_FACTOR_REQUIRED'),
    },
  })
}

export function useRegister() {
  const start = useStartSession()
  return useMutation({
    mutationFn: (body: RegisterBody) =>
      apiRequest<SessionUser>('/api/auth/register', { method: 'POST', body }),
    onSuccess: start,
    meta: {
      errorTitle: 'Registration failed',
      errorDescription: messageOr('An error occurred during registration'),
    },
  })
}

export function useLogout() {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  return useMutation({
    mutationFn: () => apiRequest('/api/auth/logout', { method: 'POST' }),
    // The local session ends whatever the server answers.
    onSettled: () => {
      clearSession()
      queryClient.removeQueries()
      navigate('/login', { replace: true })
      toast({ title: 'Logged out', description: 'You have been logged out successfully' })
    },
  })
}

export function useUpdateProfile() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: ProfileBody) => apiRequest<Profile>('/api/auth/profile', { method: 'PUT', body }),
    onSuccess: (profile) => {
      queryClient.setQueryData(profileQueryOptions.queryKey, profile)
      updateSessionUser({
        email: profile.email,
        fullName: profile.fullName,
        organization: profile.organization,
      })
    },
    // A missing or wrong current password shows at its field.
    meta: {
      errorTitle: 'Update failed',
      errorDescription: messageOr('An error occurred while updating your profile'),
      errorToast: (error) => !(error instanceof ApiError && error.fields?.currentPassword),
    },
  })
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (body: ChangePasswordBody) =>
      apiRequest<SessionsRevoked>('/api/auth/change-password', {
        method: 'PUT',
        body,
      }),
    meta: {
      errorTitle: 'Password change failed',
      errorDescription: messageOr('An error occurred while changing your password'),
    },
  })
}

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (body: ForgotPasswordBody) =>
      apiRequest<OkMessage>('/api/auth/forgot-password', { method: 'POST', body }),
    meta: { errorTitle: 'Request failed' },
  })
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (body: ResetPasswordBody) =>
      apiRequest<OkMessage>('/api/auth/reset-password', { method: 'POST', body }),
    meta: { errorTitle: 'Password reset failed' },
  })
}

/** Confirms the stored session with the server once; a dead token ends the session (see api-client). */
export function useSessionCheck() {
  const user = useSessionUser()
  const { isPending } = useQuery({ ...profileQueryOptions, enabled: user !== null })
  return { isChecking: user !== null && isPending }
}

/**
 * Starts 2FA enrolment with the current password: a new pending secret, active once a code confirms it. The
 * dialog shows every failure itself (a wrong password at its field).
 */
export function useTwoFactorSetup() {
  return useMutation({
    mutationFn: (body: TwoFactorSetupBody) =>
      apiRequest<TwoFactorSetup>('/api/auth/2fa/setup', { method: 'POST', body }),
  })
}

/** The caller refreshes the profile once the recovery codes are put away: the state shown changes then. */
export function useEnableTwoFactor() {
  return useMutation({
    mutationFn: (body: TwoFactorEnableBody) =>
      apiRequest<RecoveryCodes>('/api/auth/2fa/enable', { method: 'POST', body }),
  })
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: TwoFactorDisableBody) =>
      apiRequest<{ ok: true }>('/api/auth/2fa/disable', { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileQueryOptions.queryKey }),
    // A wrong password or code shows at its field.
    meta: {
      errorTitle: 'Error',
      errorToast: (error) => !(error instanceof ApiError && (error.fields?.password || error.fields?.code)),
    },
  })
}
