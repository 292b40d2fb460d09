/** Tabs and line breaks the URL parser drops from anywhere in a value, and the other control characters. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
const controlCharacter = /[\u0000-\u001f\u007f]/

/** `//host` and `/\host`: browsers read both as another host. */
const otherHost = /^\/[/\\]/

/** The value as the URL parser (and so the router and the browser) reads it: dot segments resolved, `\` as `/`. */
function normalise(value: string) {
  const url = new URL(value, window.location.origin)
  if (url.origin !== window.location.origin) return undefined
  return { pathname: url.pathname, path: `${url.pathname}${url.search}${url.hash}` }
}

function decodes(pathname: string) {
  try {
    return decodeURIComponent(pathname)
  } catch {
    return undefined
  }
}

/**
 * The page to return to after signing in, from a `?next=` value: only a path of this site that starts with a
 * single `/`, judged after the normalisation the URL parser applies (`/.//host` reads as `//host`), and
 * answered in that normalised form, so the path checked is the path followed. Anything else — `//host`,
 * `/\host`, a URL, a control character, a path whose decoded form would start `//` or `/\` — answers
 * undefined, and the caller goes to its default page.
 */
export function safeNextPath(value: string | null | undefined) {
  if (!value?.startsWith('/') || otherHost.test(value) || controlCharacter.test(value)) return undefined
  const normalised = normalise(value)
  if (!normalised?.path.startsWith('/') || otherHost.test(normalised.path)) return undefined
  const decoded = decodes(normalised.pathname)
  if (decoded === undefined || otherHost.test(decoded) || controlCharacter.test(decoded)) return undefined
  // Read again, the answer must stay itself: what the router parses is what was checked.
  if (normalise(normalised.path)?.path !== normalised.path) return undefined
  if (normalised.pathname === '/login') return undefined
  return normalised.path
}

/** The login address that returns to `path` afterwards. */
export const loginPathFor = (path: string) =>
  path === '/' || !safeNextPath(path) ? '/login' : `/login?next=${encodeURIComponent(path)}`
