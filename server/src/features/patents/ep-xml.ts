import { describeCitation, readCitation } from './cited-references'
import type { PatentRecord } from './patent-record'
import {
  all,
  attr,
  byLanguage,
  classificationText,
  defined,
  field,
  find,
  isoDate,
  kids,
  parseXml,
  tagOf,
  text,
  type XmlNode,
} from './xml-tree'

type Citation = NonNullable<PatentRecord['citationDetails']>[number]
type OtherTexts = NonNullable<PatentRecord['otherTexts']>[number]

/** The status a kind code stands for (EPO kind codes: A publications, B patents). */
const STATUS: Record<string, string> = {
  A1: 'published-application',
  A2: 'published-application',
  A3: 'search report',
  A8: 'published-application (corrected)',
  A9: 'published-application (corrected)',
  B1: 'granted',
  B2: 'granted (amended after opposition)',
  B3: 'granted (limited)',
  B8: 'granted (corrected)',
  B9: 'granted (corrected)',
}

const dateIn = (node: XmlNode | undefined) => isoDate(field(node, 'date'))

/** B540's titles: a B541 language, then its B542 title, repeated. */
function titles(sdobi: XmlNode[]) {
  const found = new Map<string, string>()
  let lang = ''
  for (const node of kids(find(sdobi, 'B500', 'B540'))) {
    if (tagOf(node) === 'B541') lang = text(node).toLowerCase()
    else if (tagOf(node) === 'B542' && !found.has(lang)) found.set(lang, text(node))
  }
  return found
}

/** B300's priorities: B310 number, B320 date, B330 country, repeated. */
function priorities(sdobi: XmlNode[]) {
  const claimed: { number: string; date: string | null; country: string }[] = []
  for (const node of kids(find(sdobi, 'B300'))) {
    const tag = tagOf(node)
    if (tag === 'B310') claimed.push({ number: text(node), date: null, country: '' })
    const last = claimed.at(-1)
    if (last && tag === 'B320') last.date = dateIn(node)
    if (last && tag === 'B330') last.country = field(node, 'ctry')
  }
  return claimed.map((p) => ({ reference: `${p.country}${p.number}`, type: 'priority', date: p.date }))
}

/** The PCT application (B860) and publication (B870) a Euro-PCT application entered from. */
function pctMembers(sdobi: XmlNode[]) {
  const b800 = kids(find(sdobi, 'B800'))
  const filing = find(b800, 'B860', 'B861')
  const publication = find(b800, 'B870', 'B871')
  return defined([
    filing && {
      reference: `PCT/${field(find(kids(filing), 'dnum'), 'anum')}`,
      type: 'pct-filing',
      date: dateIn(filing),
    },
    publication && {
      reference: field(find(kids(publication), 'dnum'), 'pnum'),
      type: 'pct-publication',
      date: dateIn(publication),
    },
  ]).filter((m) => !/^(?:PCT\/)?$/.test(m.reference))
}

/** The names of B710/B711 (applicants), B720/B721 (inventors) or B730/B731 (proprietors). */
const names = (sdobi: XmlNode[], group: string, party: string) =>
  defined(all(kids(find(sdobi, 'B700', group)), party).map((p) => field(p, 'snm')))

/**
 * IPC from B510EP (IPCR text) or, before 2006, B510's B511 (main) and B512/B513 (further) symbols; CPC
 * from B520EP.
 */
function classifications(sdobi: XmlNode[]) {
  const b500 = kids(find(sdobi, 'B500'))
  const ipcr = kids(find(b500, 'B510EP')).map((c) => classificationText(field(c, 'text')))
  const older = kids(find(b500, 'B510'))
    .filter((n) => ['B511', 'B512', 'B513'].includes(tagOf(n)))
    .map((n) => classificationText(text(n)))
  const cpc = kids(find(b500, 'B520EP', 'classifications-cpc')).map((c) =>
    classificationText(field(c, 'text')),
  )
  return { ipc: [...new Set(defined([...ipcr, ...older]))], cpc: [...new Set(defined(cpc))] }
}

/**
 * A description's paragraphs in order, each with the publication's number as the EPO prints it
 * (`[0012] …`, so that a claim chart quotes "description ¶12"), its headings as paragraphs of their own.
 */
function descriptionText(description: XmlNode) {
  return kids(description)
    .map((node) => {
      const body = text(node)
      const num = tagOf(node) === 'p' ? attr(node, 'num') : undefined
      return num && /^\d+$/.test(num) && body ? `[${num}] ${body}` : body
    })
    .filter(Boolean)
    .join('\n\n')
}

/** The claims' texts without their printed numbers ("1. A device …" → "A device …"). */
const claimTexts = (claims: XmlNode) =>
  all(kids(claims), 'claim')
    .map((c) => text(c).replace(/^\d{1,4}\s*\.\s*/, ''))
    .filter(Boolean)

/** Every descendant of `node` with `tag`. */
function descendants(node: XmlNode, tag: string): XmlNode[] {
  return kids(node).flatMap((k) => (tagOf(k) === tag ? [k] : descendants(k, tag)))
}

/** The search report's citations (`srep-citations`), with their categories, claims and passages. */
function searchReportCitations(root: XmlNode[]): Citation[] {
  const report = find(root, 'search-report-data')
  if (!report) return []
  return descendants(report, 'citation').map((citation) => readCitation(citation, 'search'))
}

/**
 * The documents a patent cites: its search report's (categorised), those B560 lists on a granted patent
 * (B561 patents, B562 other literature, printed as text: `US-A1- 2007 204 872`), and the applicant's own,
 * listed after the description (`ep-reference-list`).
 */
function citations(root: XmlNode[], sdobi: XmlNode[]): Citation[] {
  const b560 = kids(find(sdobi, 'B500', 'B560'))
  const examined = b560
    .filter((n) => tagOf(n) === 'B561' || tagOf(n) === 'B562')
    .map((n) => describeCitation(field(n, 'text') || text(n), tagOf(n) === 'B561', 'examination'))
  const applicant = descendants(find(root, 'ep-reference-list') ?? {}, 'patcit').map((p) =>
    readCitation({ citation: [p] }, 'applicant'),
  )
  const seen = new Set<string>()
  return [...searchReportCitations(root), ...examined, ...applicant].filter((c) => {
    const key = `${c.phase}\n${c.reference ?? c.text}`
    if (c.text === '' || seen.has(key)) return false
    seen.add(key)
    return true
  })
}

/**
 * One document of the EPO's publication server (`ep-patent-document`, DTD versions 1.0 to 1.5.1: A1, A2,
 * B1, B2 …) as a corpus record. The English texts are the record's own, which search and analysis read;
 * the texts of other languages are kept beside them for display (`otherTexts`), and a document with no
 * English title is named by its publication language's. Throws with a readable reason when the document
 * lacks what a record needs.
 */
export function parseEpDocument(xml: string): PatentRecord {
  const rootNode = parseXml(xml).find((n) => tagOf(n) === 'ep-patent-document')
  if (!rootNode) throw new Error('not an ep-patent-document (EPO publication server XML)')
  const root = kids(rootNode)
  const sdobi = kids(find(root, 'SDOBI'))
  const b100 = kids(find(sdobi, 'B100'))
  const number = attr(rootNode, 'doc-number') || text(find(b100, 'B110'))
  const kind = (attr(rootNode, 'kind') || text(find(b100, 'B130'))).toUpperCase()
  if (!/^\d{1,12}$/.test(number)) throw new Error('the document has no publication number (doc-number, B110)')
  const reference = `EP${number}${kind}`
  const lang = (attr(rootNode, 'lang') || text(find(kids(find(sdobi, 'B200')), 'B260')) || 'en').toLowerCase()

  const titleByLang = titles(sdobi)
  const title = titleByLang.get('en') ?? titleByLang.get(lang) ?? [...titleByLang.values()][0]
  if (!title) throw new Error(`${reference}: the document has no title (B540)`)
  const abstracts = byLanguage(root, 'abstract', text)
  const descriptions = byLanguage(root, 'description', descriptionText)
  const claims = byLanguage(root, 'claims', claimTexts)
  const otherLanguages = new Set([
    ...titleByLang.keys(),
    ...abstracts.keys(),
    ...descriptions.keys(),
    ...claims.keys(),
  ])
  otherLanguages.delete('en')
  const otherTexts: OtherTexts[] = [...otherLanguages].sort().map((l) => ({
    lang: l,
    title: titleByLang.get(l) ?? null,
    abstract: abstracts.get(l) || null,
    description: descriptions.get(l) || null,
    claims: claims.get(l) ?? [],
  }))

  const b200 = kids(find(sdobi, 'B200'))
  const b400 = kids(find(sdobi, 'B400'))
  const claimed = priorities(sdobi)
  const filingDate = dateIn(find(b200, 'B220'))
  const publicationDate = isoDate(attr(rootNode, 'date-publ') ?? '') ?? dateIn(find(b100, 'B140'))
  const granted = kind.startsWith('B')
  const cited = citations(root, sdobi)
  const applicants = names(sdobi, 'B710', 'B711')
  const proprietors = names(sdobi, 'B730', 'B731')
  const firstParty = find(kids(find(sdobi, 'B700', granted ? 'B730' : 'B710')), granted ? 'B731' : 'B711')

  return {
    reference,
    country: 'EP',
    docNumber: number,
    kind: kind || null,
    documentType: granted ? 'grant' : 'application',
    title,
    abstract: abstracts.get('en') || null,
    description: descriptions.get('en') || null,
    descriptionTruncated: false,
    claims: claims.get('en') ?? [],
    otherTexts,
    applicationNumber: text(find(b200, 'B210')) || null,
    applicationType: null,
    filingDate,
    publicationDate,
    grantDate: granted ? (dateIn(find(b400, 'B450')) ?? publicationDate) : null,
    priorityDate:
      claimed
        .map((p) => p.date)
        .filter((d): d is string => d !== null)
        .sort()[0] ?? filingDate,
    applicants: applicants.length > 0 ? applicants : proprietors,
    applicantCountry: field(find(kids(firstParty), 'adr'), 'ctry') || null,
    assignees: proprietors,
    inventors: names(sdobi, 'B720', 'B721'),
    ...classifications(sdobi),
    family: [...claimed, ...pctMembers(sdobi)],
    citations: [...new Set(defined(cited.map((c) => c.reference)))],
    citationDetails: cited,
    designatedStates: defined(kids(find(sdobi, 'B800', 'B840')).map(text)),
    status: STATUS[kind] ?? (granted ? 'granted' : 'published-application'),
    language: lang,
    source: 'EPO',
  }
}
