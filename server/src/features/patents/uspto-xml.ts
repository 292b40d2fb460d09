import { XMLParser } from 'fast-xml-parser'
import type { PatentRecord } from './patent-record'

/** fast-xml-parser's ordered form: each element is { tag: children[], ':@': attributes }. */
type XmlNode = { [tag: string]: XmlNode[] | string | Record<string, string> }

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  trimValues: false,
  // Numbers such as doc-number 09999991 must stay text, leading zeros included.
  parseTagValue: false,
  parseAttributeValue: false,
  processEntities: true,
  htmlEntities: true,
})

const tagOf = (node: XmlNode) => Object.keys(node).find((k) => k !== ':@') ?? ''
const kids = (node: XmlNode | undefined): XmlNode[] => {
  if (!node) return []
  const value = node[tagOf(node)]
  return Array.isArray(value) ? value : []
}
const attr = (node: XmlNode | undefined, name: string) =>
  (node?.[':@'] as Record<string, string> | undefined)?.[`@${name}`]
const all = (nodes: XmlNode[], tag: string) => nodes.filter((n) => tagOf(n) === tag)

/** The first element reached by following `tags` from `nodes`, one level per tag. */
function find(nodes: XmlNode[], ...tags: string[]): XmlNode | undefined {
  let current: XmlNode | undefined
  let level = nodes
  for (const tag of tags) {
    current = level.find((n) => tagOf(n) === tag)
    if (!current) return undefined
    level = kids(current)
  }
  return current
}

/** All text below a node, in document order, with whitespace collapsed. */
function text(node: XmlNode | undefined): string {
  if (!node) return ''
  const parts: string[] = []
  const walk = (n: XmlNode) => {
    if (typeof n['#text'] === 'string') parts.push(n['#text'])
    else for (const k of kids(n)) walk(k)
  }
  walk(node)
  return parts.join('').replace(/\s+/g, ' ').trim()
}

const isoDate = (value: string) =>
  /^\d{8}$/.test(value) ? `${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6)}` : null
const field = (node: XmlNode | undefined, tag: string) => text(find(kids(node), tag))

function documentId(reference: XmlNode | undefined) {
  const id = find(kids(reference), 'document-id')
  return {
    country: field(id, 'country'),
    number: field(id, 'doc-number'),
    kind: field(id, 'kind'),
    date: field(id, 'date'),
  }
}

/** "G06F 17/30" style classification elements as G06F17/30. */
function classificationCode(node: XmlNode) {
  const [section, klass, subclass, group, subgroup] = [
    'section',
    'class',
    'subclass',
    'main-group',
    'subgroup',
  ].map((t) => field(node, t))
  return section && klass && subclass && group
    ? `${section}${klass}${subclass}${group}/${subgroup || '00'}`
    : undefined
}

function personName(party: XmlNode) {
  const book = find(kids(party), 'addressbook')
  const organisation = field(book, 'orgname')
  if (organisation) return organisation
  return [field(book, 'first-name'), field(book, 'last-name')].filter(Boolean).join(' ') || undefined
}

const defined = <T>(values: (T | undefined)[]) => values.filter((v): v is T => v !== undefined && v !== '')

/**
 * One USPTO grant or pre-grant publication in ICE XML (v4.x, `us-patent-grant` / `us-patent-application`)
 * as a corpus record. Throws with a readable reason when the document lacks what a record needs.
 */
export function parseUsptoDocument(xml: string): PatentRecord {
  const root = (parser.parse(xml) as XmlNode[]).find((n) =>
    ['us-patent-grant', 'us-patent-application'].includes(tagOf(n)),
  )
  if (!root) throw new Error('not a us-patent-grant or us-patent-application document (ICE XML v4)')
  const isGrant = tagOf(root) === 'us-patent-grant'
  const body = kids(root)
  const biblio = kids(
    find(body, isGrant ? 'us-bibliographic-data-grant' : 'us-bibliographic-data-application'),
  )
  const publication = documentId(find(biblio, 'publication-reference'))
  if (!publication.number) throw new Error('publication-reference has no doc-number')
  const docNumber = publication.number.replace(/^0+/, '')
  const reference = `${publication.country}${docNumber}${publication.kind}`
  const title = text(find(biblio, 'invention-title'))
  if (!title) throw new Error(`${reference}: invention-title is missing`)
  const applicationReference = find(biblio, 'application-reference')
  const application = documentId(applicationReference)

  const parties = kids(find(biblio, 'us-parties') ?? find(biblio, 'parties'))
  const applicants = all(
    kids(find(parties, 'us-applicants') ?? find(parties, 'applicants')),
    'us-applicant',
  ).concat(all(kids(find(parties, 'applicants')), 'applicant'))
  const inventorNodes = all(kids(find(parties, 'inventors')), 'inventor')
  const inventors = defined(
    (inventorNodes.length > 0
      ? inventorNodes
      : applicants.filter((a) => attr(a, 'app-type') === 'applicant-inventor')
    ).map(personName),
  )
  const assignees = defined(all(kids(find(biblio, 'assignees')), 'assignee').map(personName))

  const priorities = all(kids(find(biblio, 'priority-claims')), 'priority-claim').map((p) => ({
    reference: `${field(p, 'country')}${field(p, 'doc-number')}`,
    type: 'priority',
    date: isoDate(field(p, 'date')),
  }))
  const provisionals = all(kids(find(biblio, 'us-related-documents')), 'us-provisional-application').map(
    (p) => {
      const id = documentId(p)
      return { reference: `${id.country}${id.number}`, type: 'provisional', date: isoDate(id.date) }
    },
  )
  const earliest = [...priorities, ...provisionals]
    .map((f) => f.date)
    .filter((d): d is string => d !== null)
    .sort()[0]

  const citations = all(
    kids(find(biblio, 'us-references-cited') ?? find(biblio, 'references-cited')),
    'us-citation',
  )
    .concat(all(kids(find(biblio, 'references-cited')), 'citation'))
    .map((c) => find(kids(c), 'patcit'))
    .map((p) => (p ? documentId(p) : undefined))
    .map((id) => (id?.number ? `${id.country}${id.number}${id.kind}` : undefined))
  const cpcNodes = kids(find(biblio, 'classifications-cpc')).flatMap((group) =>
    all(kids(group), 'classification-cpc'),
  )
  const filingDate = isoDate(application.date)
  const publicationDate = isoDate(publication.date)

  return {
    reference,
    country: publication.country || 'US',
    docNumber,
    kind: publication.kind || null,
    documentType: isGrant ? 'grant' : 'application',
    title,
    abstract: text(find(body, 'abstract')) || null,
    description:
      all(kids(find(body, 'description')), 'p')
        .map(text)
        .filter(Boolean)
        .join('\n\n') || null,
    descriptionTruncated: false,
    claims: all(kids(find(body, 'claims')), 'claim').map((c) => text(c).replace(/^\d+\s*\.\s*/, '')),
    applicationNumber: application.number || null,
    applicationType: attr(applicationReference, 'appl-type') ?? null,
    filingDate,
    publicationDate,
    grantDate: isGrant ? publicationDate : null,
    priorityDate: earliest ?? filingDate,
    applicants: defined(applicants.map(personName)),
    assignees,
    inventors,
    cpc: defined(cpcNodes.map(classificationCode)),
    ipc: defined(
      all(kids(find(biblio, 'classifications-ipcr')), 'classification-ipcr').map(classificationCode),
    ),
    family: [...priorities, ...provisionals],
    citations: defined(citations),
    status: isGrant ? 'granted' : 'published-application',
    language: 'en',
    source: 'USPTO',
  }
}

/**
 * Splits a USPTO bulk file (many XML documents one after another, each starting with `<?xml`) into
 * documents as it streams, so memory holds one document at a time.
 */
export async function* usptoDocuments(lines: AsyncIterable<{ number: number; text: string }>) {
  let buffer: string[] = []
  let startLine = 1
  for await (const line of lines) {
    if (line.text.startsWith('<?xml') && buffer.length > 0) {
      yield { line: startLine, xml: buffer.join('\n') }
      buffer = []
    }
    if (buffer.length === 0) startLine = line.number
    buffer.push(line.text)
  }
  if (buffer.some((l) => l.trim() !== '')) yield { line: startLine, xml: buffer.join('\n') }
}
