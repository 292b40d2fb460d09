/**
 * The benchmarks' search box queries (bench:search, bench:scale): common words (thousands of matches),
 * rare words, phrases, OR, exclusion, filters and a deep page.
 */
export const searchQueries: { q: string; params?: Record<string, string> }[] = [
  { q: 'method' },
  { q: 'system' },
  { q: 'data processing' },
  { q: 'wireless communication device' },
  { q: 'battery' },
  { q: 'hinge' },
  { q: 'bradykinin' },
  { q: '"neural network"' },
  { q: '"user interface" touch' },
  { q: 'bicycle OR tricycle' },
  { q: 'vehicle -electric' },
  { q: 'image sensor', params: { from: '2010-01-01', to: '2012-12-31' } },
  { q: 'processor', params: { applicant: 'Intel' } },
  { q: 'peptide', params: { cpc: 'C07K' } },
  { q: 'server', params: { page: '5' } },
]

/**
 * Queries of the syntax only the index answers (issue 41): fields, proximity, truncation, nesting and the
 * filters written in the query. The database's own search reads none of them (it answers 503), so they
 * have no database baseline.
 */
export const syntaxQueries: { q: string }[] = [
  { q: 'TI=(battery OR cell) separator' },
  { q: 'CL=("lithium ion" NEAR/5 electrolyte)' },
  { q: 'battery NEAR/5 separator' },
  { q: 'image ADJ/2 sensor' },
  { q: 'batter* -charg*' },
  { q: '(wireless OR radio) (transmit* NEAR/3 receiv*) -TI=antenna' },
  { q: 'processor assignee:Intel before:filing:20100101' },
  { q: 'CPC=H01M country:US battery' },
  { q: 'AB=(method NEAR/10 system)' },
  { q: 'colour' },
]
