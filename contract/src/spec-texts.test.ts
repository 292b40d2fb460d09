import { describe, expect, it } from 'vitest'
import { authMessages, ChangePasswordFormSchema, LoginBodySchema, RegisterFormSchema } from './auth'
import { messages } from './errors'

/** Fixed texts users see (docs/product.md, Messages and errors): the schemas must say exactly these, so a
 * change is deliberate. */
describe('fixed texts', () => {
  it('keeps every account validation message and both 401 texts word for word', () => {
    expect(authMessages).toMatchObject({
      usernameMin: 'Username must be at least 3 characters.',
      usernameMax: 'Username must not exceed 50 characters.',
      passwordMin: 'Password must be at least 6 characters.',
      email: 'Please enter a valid email address.',
      fullNameMin: 'Full name must be at least 2 characters.',
      passwordsMismatch: 'Passwords do not match',
      currentPasswordRequired: 'Current password is required.',
      newPasswordMin: 'New password must be at least 6 characters.',
      confirmNewPassword: 'Please confirm your new password.',
      newPasswordsMismatch: 'New passwords do not match',
    })
    expect(messages.authRequiredMutation).toBe('Authentication required. Please log in and try again.')
    expect(messages.authRequiredQuery).toBe('Authentication required. Please login and try again.')
  })
})

/** The first message per field, as a form shows it. */
const issues = (result: {
  success: boolean
  error?: { issues: { path: PropertyKey[]; message: string }[] }
}) =>
  Object.fromEntries([...(result.error?.issues ?? [])].reverse().map((i) => [i.path.join('.'), i.message]))

describe('form schemas', () => {
  it('login: length rules', () => {
    expect(issues(LoginBodySchema.safeParse({ username: 'ab', password: '12345' }))).toEqual({
      username: authMessages.usernameMin,
      password: authMessages.passwordMin,
    })
    expect(LoginBodySchema.safeParse({ username: 'abc', password: '123456' }).success).toBe(true)
  })

  it('register: confirmPassword must match, organization is optional, names are trimmed', () => {
    const base = { username: ' alice ', email: 'a@example.com', fullName: 'Alice A', password: 'secret1' }
    expect(issues(RegisterFormSchema.safeParse({ ...base, confirmPassword: 'other1' }))).toEqual({
      confirmPassword: authMessages.passwordsMismatch,
    })
    const ok = RegisterFormSchema.safeParse({ ...base, confirmPassword: 'secret1' })
    expect(ok.success && ok.data.username).toBe('alice')
    expect(
      issues(RegisterFormSchema.safeParse({ ...base, username: 'x'.repeat(51), confirmPassword: 'secret1' })),
    ).toEqual({ username: authMessages.usernameMax })
  })

  it('change password: every rule, the mismatch on the confirm field', () => {
    expect(
      issues(
        ChangePasswordFormSchema.safeParse({
          currentPassword: '',
          newPassword: '12345',
          confirmPassword: '1',
        }),
      ),
    ).toEqual({
      currentPassword: authMessages.currentPasswordRequired,
      newPassword: authMessages.newPasswordMin,
      confirmPassword: authMessages.confirmNewPassword,
    })
    expect(
      issues(
        ChangePasswordFormSchema.safeParse({
          currentPassword: 'x',
          newPassword: '123456',
          confirmPassword: '654321',
        }),
      ),
    ).toEqual({ confirmPassword: authMessages.newPasswordsMismatch })
  })
})
