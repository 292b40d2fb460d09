/** What other features may use of the auth feature: the profile query and the two-factor steps (settings). */
export { profileQueryOptions, useDisableTwoFactor, useEnableTwoFactor, useTwoFactorSetup } from './api'
