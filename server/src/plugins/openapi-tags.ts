/**
 * The feature each /api path belongs to, as the OpenAPI document groups them: the first rule that matches
 * wins. Routes are registered by plain functions on the root app, so the path is all the document sees.
 */
const tagRules: [tag: string, pattern: RegExp][] = [
  ['health', /^\/api\/health$/],
  ['auth', /^\/api\/auth\//],
  ['feedback', /^\/api(\/admin)?\/patents\/:id\/feedback$/],
  [
    'analysis',
    /\/(analysis|prior-art|search-report)$|^\/api\/public\/patents\/comprehensive-analysis$|^\/api\/public\/search-report\./,
  ],
  [
    'collaboration',
    /^\/api\/patents\/(:id\/(collaborators|comments|activity)|shared)(\/|$)|^\/api\/invitations\//,
  ],
  ['admin', /^\/api\/admin\//],
  ['notifications', /^\/api\/notifications(\/|$)/],
  ['alerts', /^\/api\/(public\/)?(saved-searches|watches)(\/|$)/],
  ['documents', /^\/api\/patents\/:id\/documents(\/|$)|^\/api\/uploads(\/|$)/],
  ['filing', /^\/api\/patents\/:id\/(filing|deadlines\.ics|export\.)|^\/api\/deadlines\//],
  ['drafting', /^\/api\/drafting\//],
  ['settings', /^\/api\/settings\/|^\/api\/public\/config\//],
  ['patents', /^\/api\/public\/(serpapi|patents)\//],
  ['corpus', /^\/api\/public\/corpus$/],
  ['applications', /^\/api\/patents(\/|$)/],
]

export const featureTags = [...new Set(tagRules.map(([tag]) => tag))]

/** Undefined for a path no rule knows: the OpenAPI test then names it. */
export function featureTagOf(url: string) {
  return tagRules.find(([, pattern]) => pattern.test(url))?.[0]
}
