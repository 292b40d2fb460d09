import type { DataSourceId } from '@patentdesk/contract/settings'

type DataSource = {
  description: string
  url: string
  apiUrl: string
  keyRequired: boolean
  dataRetrieved: string[]
}

/** The external sources PatentDesk can draw on once an administrator configures their keys. */
export const dataSources: Record<DataSourceId, DataSource> = {
  ukipo: {
    description:
      'The UK patent register: application status, publication and grant, renewals and documents on file.',
    url: 'https://www.gov.uk/government/organisations/intellectual-property-office',
    apiUrl: 'https://www.ipo.gov.uk/p-ipsum.htm',
    keyRequired: true,
    dataRetrieved: [
      'Application status',
      'Publication and grant dates',
      'Renewal status',
      'Documents on file',
    ],
  },
  bl: {
    description: 'Historical patent collections and market research for inventors and small firms.',
    url: 'https://www.bl.uk/business-and-ip-centre',
    apiUrl: 'https://www.bl.uk/collection-guides/patents',
    keyRequired: true,
    dataRetrieved: ['Historical patent documents', 'Market and company reports'],
  },
  cipa: {
    description: 'The directory of registered UK patent attorneys, to find professional help with a filing.',
    url: 'https://www.cipa.org.uk',
    apiUrl: 'https://www.cipa.org.uk/find-an-attorney',
    keyRequired: true,
    dataRetrieved: ['Registered patent attorneys', 'Practice areas and locations'],
  },
  ukcaselaw: {
    description: 'Judgments of the Patents Court, the IPEC and the Court of Appeal on patent disputes.',
    url: 'https://caselaw.nationalarchives.gov.uk',
    apiUrl: 'https://caselaw.nationalarchives.gov.uk/atom.xml',
    keyRequired: false,
    dataRetrieved: ['Patent judgments', 'Court and neutral citation', 'Judgment text'],
  },
  epo: {
    description:
      'European Patent Office web services: worldwide bibliographic data, families and legal status.',
    url: 'https://www.epo.org/en/searching-for-patents/data/web-services/ops',
    apiUrl: 'https://ops.epo.org/3.2/rest-services',
    keyRequired: true,
    dataRetrieved: [
      'Bibliographic data',
      'INPADOC patent families',
      'Legal status',
      'Claims and description',
      'CPC classification',
    ],
  },
  wipo: {
    description: 'International (PCT) applications and national collections published by WIPO.',
    url: 'https://patentscope.wipo.int',
    apiUrl: 'https://patentscope.wipo.int/search/en/help/data_products.jsf',
    keyRequired: true,
    dataRetrieved: ['PCT applications', 'National patent collections', 'International search reports'],
  },
}
