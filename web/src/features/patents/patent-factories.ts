import type {
  PatentDetail,
  PatentSearchHit,
  PatentSearchResult,
  SimilarityResult,
} from '@patentdesk/contract/patents'

/** Contract-shaped patent data for the component tests. */
export function buildHit(overrides: Partial<PatentSearchHit> = {}): PatentSearchHit {
  const reference = overrides.reference ?? 'US7441308'
  return {
    reference,
    title: `Door hinge ${reference}`,
    description: 'A door hinge with a pin and two leaves.',
    snippet: 'A door <mark>hinge</mark> with a pin and two leaves.',
    publicationDate: '2008-10-28',
    filingDate: '2005-06-23',
    applicants: ['Acme Hinges Ltd'],
    cpc: [],
    ...overrides,
  }
}

export function buildSearchResult(
  patents: PatentSearchHit[],
  overrides: Partial<PatentSearchResult> = {},
): PatentSearchResult {
  return {
    totalResults: patents.length,
    totalIsApproximate: false,
    source: 'local',
    sources: [{ name: 'local', status: 'ok' }],
    page: 1,
    num: 10,
    patents,
    ...overrides,
  }
}

export function buildPatentDetail(overrides: Partial<PatentDetail> = {}): PatentDetail {
  return {
    reference: 'US6982249B1',
    title: 'Bradykinin analogs as selective inhibitors of cell activation',
    source: 'USPTO',
    status: 'granted',
    abstract: 'The present invention provides bradykinin peptide analogs.',
    description: null,
    filingDate: '1998-04-21',
    publicationDate: '2006-01-03',
    grantDate: '2006-01-03',
    priority: '1997-04-23',
    applicationNumber: '09402732',
    kind: 'B1',
    documentType: 'grant',
    country: 'US',
    applicants: ['The Regents of the University of Michigan'],
    inventors: ['Alvin H. Schmaier', 'Ahmed A. K. Hasan'],
    claims: ['A method of inhibiting thrombin-induced cell activation.', 'The method of claim 1.'],
    family: [
      { reference: 'US60046085', type: 'provisional', date: '1997-04-23', held: true },
      { reference: 'PCT/US98/08015', type: 'pct-filing', date: null, held: false },
    ],
    designatedStates: [],
    cpc: [],
    ipc: ['A01B1/06'],
    classifications: [
      {
        code: 'A01B1/06',
        scheme: 'IPC',
        title: 'with teeth',
        path: [
          { code: 'A01B', title: 'SOIL WORKING IN AGRICULTURE OR FORESTRY' },
          { code: 'A01B1/00', title: 'Hand tools' },
          { code: 'A01B1/06', title: 'with teeth' },
        ],
      },
    ],
    citations: [],
    citedBy: { total: 0, patents: [] },
    language: 'en',
    otherTexts: [],
    ...overrides,
  }
}

/** A patent with only what most of the corpus has: a title, an abstract-less record, no lists. */
export function buildSparsePatentDetail(overrides: Partial<PatentDetail> = {}): PatentDetail {
  return buildPatentDetail({
    reference: 'US7441308',
    title: 'Watertight door hinge support',
    status: null,
    abstract: null,
    filingDate: null,
    publicationDate: null,
    grantDate: null,
    priority: null,
    applicationNumber: null,
    kind: null,
    applicants: [],
    inventors: [],
    claims: [],
    family: [],
    ipc: [],
    classifications: [],
    ...overrides,
  })
}

export function buildSimilarity(patents: PatentDetail[], matrix: number[][]): SimilarityResult {
  const sharedTerms: Record<string, string[]> = {}
  for (let i = 0; i < patents.length; i++) {
    for (let j = i + 1; j < patents.length; j++) sharedTerms[`${i}-${j}`] = [`term${i}${j}`, 'hinge']
  }
  return {
    patents: patents.map(({ reference, title }) => ({ reference, title })),
    matrix,
    sharedTerms,
  }
}
