import type { Classification } from '@patentdesk/contract/patents'

/** Subclass, main group and the code itself: the chain a subgroup title is read under. */
export function ancestorsOf(code: string) {
  const subclass = code.slice(0, 4)
  const slash = code.indexOf('/')
  const mainGroup = slash > 0 ? `${code.slice(0, slash)}/00` : undefined
  return [...new Set([subclass, mainGroup, code].filter((c): c is string => Boolean(c)))]
}

/** Each code with its title (or its nearest ancestor's) and the titled path down to it. */
export function describeClassifications(
  codes: { code: string; scheme: 'CPC' | 'IPC' }[],
  titles: Map<string, string>,
): Classification[] {
  return codes.map(({ code, scheme }) => {
    const path = ancestorsOf(code).flatMap((c) => {
      const title = titles.get(c)
      return title ? [{ code: c, title }] : []
    })
    return { code, scheme, title: path.at(-1)?.title ?? null, path }
  })
}
