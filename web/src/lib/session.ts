import { type SessionUser, SessionUserSchema } from '@patentdesk/contract/session-user'
import { useSyncExternalStore } from 'react'
import type { z } from 'zod'

const tokenKey = 'patentdesk.token'
const userKey = 'patentdesk.user'

const StoredUserSchema = SessionUserSchema.omit({ token: true })
export type StoredUser = z.infer<typeof StoredUserSchema>

const listeners = new Set<() => void>()
let token = localStorage.getItem(tokenKey)
let user = readStoredUser()

function readStoredUser() {
  const raw = localStorage.getItem(userKey)
  if (!raw) return null
  try {
    const parsed = StoredUserSchema.safeParse(JSON.parse(raw))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

function emit() {
  for (const listener of listeners) listener()
}

// Another tab signing in or out changes this tab's session too.
window.addEventListener('storage', (event) => {
  if (event.key !== null && event.key !== tokenKey && event.key !== userKey) return
  token = localStorage.getItem(tokenKey)
  user = readStoredUser()
  emit()
})

export function getToken() {
  return user ? token : null
}

/** The signed-in user; a session counts only when both the token and the user are stored. */
export function getSessionUser() {
  return token ? user : null
}

/** Whether the last session here ended by the user's own logout: the login page then starts afresh. */
let endedByLogout = false

/** True after a logout in this page; false after an expiry, another tab's logout or a page load. */
export const sessionEndedByLogout = () => endedByLogout

export function startSession({ token: newToken, ...newUser }: SessionUser) {
  endedByLogout = false
  localStorage.setItem(tokenKey, newToken)
  localStorage.setItem(userKey, JSON.stringify(newUser))
  token = newToken
  user = newUser
  emit()
}

export function updateSessionUser(changes: Partial<StoredUser>) {
  if (!user) return
  user = { ...user, ...changes }
  localStorage.setItem(userKey, JSON.stringify(user))
  emit()
}

/** Ends the session here; `expired` when the server refused it rather than the user logging out. */
export function clearSession({ expired = false }: { expired?: boolean } = {}) {
  endedByLogout = !expired
  localStorage.removeItem(tokenKey)
  localStorage.removeItem(userKey)
  token = null
  user = null
  emit()
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

export function useSessionUser() {
  return useSyncExternalStore(subscribe, getSessionUser)
}
