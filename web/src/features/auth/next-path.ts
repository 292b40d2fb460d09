/**
 * The page to return to after signing in, from a `?next=` value: only a path of this site — one that starts
 * with a single `/` — never `//host`, `/\host` (browsers read both as another host), a URL or a control
 * character. Anything else answers undefined.
 */
export function safeNextPath(value: string | null | undefined) {
  if (!value?.startsWith('/')) return undefined
  if (value.startsWith('//') || value.startsWith('/\\')) return undefined
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (/[\u0000-\u001f\u007f]/.test(value)) return undefined
  const url = new URL(value, window.location.origin)
  if (url.origin !== window.location.origin) return undefined
  if (url.pathname === '/login') return undefined
  return `${url.pathname}${url.search}${url.hash}`
}

/** The login address that returns to `path` afterwards. */
export const loginPathFor = (path: string) =>
  path === '/' || !safeNextPath(path) ? '/login' : `/login?next=${encodeURIComponent(path)}`
