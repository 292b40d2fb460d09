import { type PatentDetail, sourceLabels } from '@patentdesk/contract/patents'
import { fetchJson, type PatentSource, SourceError } from './types'

/** OPS JSON is XML turned inside out: text under "$", attributes under "@…", one item or a list. */
type Node = { [key: string]: Node | Node[] | string | undefined }
const list = (value: unknown): Node[] => (Array.isArray(value) ? value : value ? [value as Node] : [])
const child = (node: unknown, ...path: string[]) =>
  path.reduce<unknown>((n, key) => (n && typeof n === 'object' ? (n as Node)[key] : undefined), node)
const textOf = (node: unknown) => {
  const value = child(node, '$')
  return typeof value === 'string' ? value : undefined
}
const isoDate = (yyyymmdd: string | undefined) =>
  yyyymmdd && /^\d{8}$/.test(yyyymmdd)
    ? `${yyyymmdd.slice(0, 4)}-${yyyymmdd.slice(4, 6)}-${yyyymmdd.slice(6)}`
    : null
const inEnglish = (items: Node[]) => items.find((i) => child(i, '@lang') === 'en') ?? items[0]

function documentId(reference: Node | undefined, type: string) {
  return list(child(reference, 'document-id')).find((d) => child(d, '@document-id-type') === type)
}

function names(parties: Node[], field: string) {
  const epodoc = parties.filter((p) => child(p, '@data-format') === 'epodoc')
  return (epodoc.length > 0 ? epodoc : parties)
    .map((p) =>
      textOf(child(p, field, 'name'))
        ?.replace(/(?<!\s)\s*\[[A-Z]{2}\]$/, '')
        .replace(/,$/, ''),
    )
    .filter((n): n is string => Boolean(n))
}

function toDetail(reference: string, document: Node): PatentDetail {
  const biblio = child(document, 'bibliographic-data') as Node
  const publication = documentId(child(biblio, 'publication-reference') as Node, 'docdb')
  const application = documentId(child(biblio, 'application-reference') as Node, 'epodoc')
  const priorities = list(child(biblio, 'priority-claims', 'priority-claim'))
    .map((p) => isoDate(textOf(child(documentId(p, 'epodoc'), 'date'))))
    .filter((d): d is string => Boolean(d))
    .sort()
  const cpc = list(child(biblio, 'patent-classifications', 'patent-classification')).map(
    (c) =>
      `${textOf(child(c, 'section'))}${textOf(child(c, 'class'))}${textOf(child(c, 'subclass'))}` +
      `${textOf(child(c, 'main-group'))}/${textOf(child(c, 'subgroup'))}`,
  )
  const ipc = list(child(biblio, 'classifications-ipcr', 'classification-ipcr'))
    .map((c) => /^([A-H]\d{2}[A-Z])\s*(\d+)\/(\d+)/.exec(textOf(child(c, 'text')) ?? ''))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => `${m[1]}${m[2]}/${m[3]}`)
  const abstract = inEnglish(list(child(document, 'abstract')))
  const country = textOf(child(publication, 'country')) ?? reference.slice(0, 2)
  const kind = textOf(child(publication, 'kind')) ?? null
  const classification = (code: string, scheme: 'CPC' | 'IPC') => ({ code, scheme, title: null, path: [] })
  return {
    reference: publication ? `${country}${textOf(child(publication, 'doc-number'))}${kind ?? ''}` : reference,
    title: textOf(inEnglish(list(child(biblio, 'invention-title')))) ?? reference,
    source: 'EPO Open Patent Services',
    status: null,
    abstract: list(child(abstract, 'p')).map(textOf).filter(Boolean).join('\n\n') || null,
    description: null,
    filingDate: isoDate(textOf(child(application, 'date'))),
    publicationDate: isoDate(textOf(child(publication, 'date'))),
    grantDate: null,
    priority: priorities[0] ?? null,
    applicationNumber: textOf(child(application, 'doc-number')) ?? null,
    kind,
    documentType: 'unknown',
    country,
    applicants: names(list(child(biblio, 'parties', 'applicants', 'applicant')), 'applicant-name'),
    inventors: names(list(child(biblio, 'parties', 'inventors', 'inventor')), 'inventor-name'),
    claims: [],
    family: [],
    designatedStates: [],
    cpc,
    ipc,
    classifications: [
      ...cpc.map((c) => classification(c, 'CPC')),
      ...ipc.map((c) => classification(c, 'IPC')),
    ],
    citations: [],
    citedBy: { total: 0, patents: [] },
    language: null,
    otherTexts: [],
  }
}

/**
 * EPO Open Patent Services (https://www.epo.org/en/searching-for-patents/data/web-services/ops):
 * bibliographic data and INPADOC families, with an OAuth client-credentials token kept until it expires.
 */
export function createEpoOpsSource({
  credentials,
  baseUrl,
}: {
  credentials: string
  baseUrl: string
}): PatentSource {
  const [key, secret] = credentials.split(':')
  if (!key || !secret) throw new Error('EPO_OPS_API must be "consumer key:consumer secret"')
  let token: { value: string; expires: number } | undefined

  async function accessToken() {
    if (token && token.expires > Date.now()) return token.value
    const answer = (await fetchJson('EPO OPS', `${baseUrl}/auth/accesstoken`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${key}:${secret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    })) as { access_token?: string; expires_in?: string | number } | undefined
    if (!answer?.access_token) throw new SourceError('EPO OPS refused the credentials')
    // Renew a minute early, so a token never expires between the check and the call.
    token = {
      value: answer.access_token,
      expires: Date.now() + (Number(answer.expires_in ?? 1200) - 60) * 1000,
    }
    return token.value
  }

  const get = async (path: string, signal?: AbortSignal) =>
    fetchJson('EPO OPS', `${baseUrl}/rest-services/${path}`, {
      headers: { authorization: `Bearer ${await accessToken()}`, accept: 'application/json' },
      signal,
    })
  const epodoc = (reference: string) => encodeURIComponent(reference.replace(/[A-Z]\d?$/, ''))

  return {
    name: 'epo',
    label: sourceLabels.epo as string,

    /**
     * The EPO's best matches for the words in title or abstract (CQL `ta all`), published before the date:
     * OPS searches by publication date, not priority, so its answer leaves out what the corpus would
     * place as E. One request: the bibliographic answer holds each abstract; OPS has claims for EP and WO
     * documents only, and they are not asked for.
     */
    async priorArt({ query, before, limit, signal }) {
      const words = query.map((word) => word.replace(/["\\]/g, '')).filter(Boolean)
      const cql = `ta all "${words.join(' ')}" and pd<${before.replaceAll('-', '')}`
      const answer = await get(
        `published-data/search/biblio?${new URLSearchParams({ q: cql, Range: `1-${limit}` })}`,
        signal,
      )
      const results = child(answer, 'ops:world-patent-data', 'ops:biblio-search', 'ops:search-result')
      return list(child(results, 'exchange-documents'))
        .flatMap((item) => list(child(item, 'exchange-document') ?? item).slice(0, 1))
        .map((document) => {
          const id = documentId(
            child(document, 'bibliographic-data', 'publication-reference') as Node,
            'docdb',
          )
          const reference = ['country', 'doc-number', 'kind']
            .map((part) => textOf(child(id, part)) ?? '')
            .join('')
          const detail = toDetail(reference, document)
          return {
            reference: detail.reference,
            title: detail.title,
            abstract: detail.abstract,
            claims: [],
            description: null,
            applicants: detail.applicants,
            filingDate: detail.filingDate,
            priorityDate: detail.priority,
            publicationDate: detail.publicationDate,
          }
        })
        .filter((patent) => /^[A-Z]{2}\d/.test(patent.reference))
    },

    async details(reference) {
      const answer = await get(`published-data/publication/epodoc/${epodoc(reference)}/biblio`)
      const [document] = list(
        child(answer, 'ops:world-patent-data', 'exchange-documents', 'exchange-document'),
      )
      return document ? toDetail(reference, document) : undefined
    },
    async family(reference) {
      const answer = await get(`family/publication/epodoc/${epodoc(reference)}`)
      return list(child(answer, 'ops:world-patent-data', 'ops:patent-family', 'ops:family-member'))
        .map((member) => documentId(child(member, 'publication-reference') as Node, 'docdb'))
        .filter((id): id is Node => id !== undefined)
        .map((id) => ({
          reference: `${textOf(child(id, 'country'))}${textOf(child(id, 'doc-number'))}${textOf(child(id, 'kind')) ?? ''}`,
          type: 'family-member',
          date: isoDate(textOf(child(id, 'date'))),
          // The patents service marks the ones the corpus holds.
          held: false,
        }))
        .filter((member) => member.reference !== reference)
    },
  }
}
