import { readCitation } from './cited-references'
import type { PatentRecord } from './patent-record'
import {
  all,
  attr,
  byLanguage,
  classificationText,
  defined,
  documentId,
  find,
  isoDate,
  kids,
  parseXml,
  tagOf,
  text,
  type XmlNode,
} from './xml-tree'

/** DOCDB's phases of a citation (`cited-phase`), as the record names them. */
const PHASES: Record<string, string> = {
  SEA: 'search',
  ISR: 'search',
  SUP: 'search',
  EXA: 'examination',
  APP: 'applicant',
  OPP: 'opposition',
  TPO: 'third party',
  PRS: 'pre-grant search',
}

/** The element of `nodes` with `tag` in DOCDB's own numbering (`data-format="docdb"`), else the first. */
const docdbFormat = (nodes: XmlNode[], tag: string) => {
  const found = all(nodes, tag)
  return found.find((n) => attr(n, 'data-format') === 'docdb') ?? found[0]
}

/** Names as the office wrote them (`docdba`: "YEDA RESEARCH AND DEVELOPMENT CO. LTD."), else DOCDB's own. */
function partyNames(parties: XmlNode[], group: string, party: string) {
  const all_ = all(kids(find(parties, group)), party)
  const original = all_.filter((p) => attr(p, 'data-format') === 'docdba')
  return defined(
    (original.length > 0 ? original : all_).map((p) =>
      text(find(kids(find(kids(p), `${party}-name`)), 'name')),
    ),
  )
}

/** The European states an EP publication designates (DOCDB's `designation-epc`). */
const designatedStates = (biblio: XmlNode[]) =>
  kids(find(biblio, 'designation-of-states', 'designation-epc'))
    .flatMap((group) => [group, ...kids(group)])
    .filter((n) => tagOf(n) === 'country')
    .map(text)

/**
 * One bibliographic record of the EPO's DOCDB exchange format (`exch:exchange-document`) as a corpus record:
 * numbers, dates, parties, classifications, titles and abstracts (English ones as the record's, the rest
 * beside it), the citations with their phase and category, and DOCDB's family number, which links the
 * publications of one invention across offices. It has no claims nor description: merged into a record
 * the corpus holds, it fills what that record lacks (patent-copy.ts).
 */
export function parseDocdbDocument(xml: string): PatentRecord {
  const rootNode = parseXml(xml).find((n) => tagOf(n) === 'exchange-document')
  if (!rootNode) throw new Error('not an exchange-document (DOCDB XML)')
  const country = (attr(rootNode, 'country') ?? '').toUpperCase()
  const number = attr(rootNode, 'doc-number') ?? ''
  const kind = (attr(rootNode, 'kind') ?? '').toUpperCase()
  if (!/^[A-Z]{2}$/.test(country) || !/^[0-9A-Z]{1,20}$/.test(number))
    throw new Error('the document has no country and doc-number attributes')
  const reference = `${country}${number}${kind}`
  const biblio = kids(find(kids(rootNode), 'bibliographic-data'))
  const titles = byLanguage(biblio, 'invention-title', text)
  const abstracts = byLanguage(kids(rootNode), 'abstract', text)
  const title = titles.get('en') ?? [...titles.values()][0]
  if (!title) throw new Error(`${reference}: the record has no invention-title`)
  const languages = new Set([...titles.keys(), ...abstracts.keys()].filter((l) => l !== 'en'))

  const application = documentId(docdbFormat(biblio, 'application-reference'))
  const priorities = all(kids(find(biblio, 'priority-claims')), 'priority-claim')
    .filter((p) => attr(p, 'data-format') === 'docdb')
    .map((p) => documentId(p))
    .map((id) => ({ reference: `${id.country}${id.number}`, type: 'priority', date: isoDate(id.date) }))
  const filingDate = isoDate(application.date)
  const publicationDate = isoDate(attr(rootNode, 'date-publ') ?? '')
  const cited = all(kids(find(biblio, 'references-cited')), 'citation').map((c) => {
    const phase = attr(c, 'cited-phase') ?? ''
    return readCitation(c, PHASES[phase] ?? (phase.toLowerCase() || null))
  })
  const parties = kids(find(biblio, 'parties'))
  const granted = /^[BC]/.test(kind)
  const ipc = kids(find(biblio, 'classifications-ipcr')).map((c) => classificationText(text(c)))
  const cpc = kids(find(biblio, 'patent-classifications'))
    .filter((c) => (attr(find(kids(c), 'classification-scheme'), 'scheme') ?? '').startsWith('CPC'))
    .map((c) => classificationText(text(find(kids(c), 'classification-symbol'))))

  return {
    reference,
    country,
    docNumber: number,
    kind: kind || null,
    documentType: granted ? 'grant' : 'application',
    title,
    abstract: abstracts.get('en') ?? null,
    claims: [],
    otherTexts: [...languages].sort().map((lang) => ({
      lang,
      title: titles.get(lang) ?? null,
      abstract: abstracts.get(lang) ?? null,
      claims: [],
    })),
    applicationNumber: application.number ? `${application.country}${application.number}` : null,
    filingDate,
    publicationDate,
    grantDate: granted ? publicationDate : null,
    priorityDate:
      priorities
        .map((p) => p.date)
        .filter((d): d is string => d !== null)
        .sort()[0] ?? filingDate,
    applicants: partyNames(parties, 'applicants', 'applicant'),
    inventors: partyNames(parties, 'inventors', 'inventor'),
    ipc: [...new Set(defined(ipc))],
    cpc: [...new Set(defined(cpc))],
    family: priorities,
    familyId: attr(rootNode, 'family-id') ?? null,
    citations: [...new Set(defined(cited.map((c) => c.reference)))],
    citationDetails: cited,
    designatedStates: designatedStates(biblio),
    status: granted ? 'granted' : 'published-application',
    language:
      (
        text(find(biblio, 'language-of-publication')) ||
        text(find(biblio, 'language-of-filing')) ||
        null
      )?.toLowerCase() ?? null,
    source: 'DOCDB',
  }
}
