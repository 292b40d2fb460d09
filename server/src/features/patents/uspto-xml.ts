import type { PatentRecord } from './patent-record'
import {
  all,
  attr,
  defined,
  documentId,
  field,
  find,
  isoDate,
  kids,
  parseXml,
  tagOf,
  text,
  type XmlNode,
} from './xml-tree'

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

/**
 * One USPTO grant or pre-grant publication in ICE XML (v4.x, `us-patent-grant` / `us-patent-application`)
 * as a corpus record. Throws with a readable reason when the document lacks what a record needs.
 */
export function parseUsptoDocument(xml: string): PatentRecord {
  const root = parseXml(xml).find((n) => ['us-patent-grant', 'us-patent-application'].includes(tagOf(n)))
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
