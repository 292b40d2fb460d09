/**
 * The benchmarks' search box queries (bench:search, bench:scale): common words (thousands of matches),
 * rare words, phrases, OR, exclusion, filters and a deep page.
 */
export type SearchQuery = { q: string; params?: Record<string, string> }

export const searchQueries: SearchQuery[] = [
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
const common = [
  'method',
  'system',
  'device',
  'signal',
  'layer',
  'unit',
  'circuit',
  'control',
  'data',
  'surface',
]
const nested = (depth: number): string => (depth === 0 ? 'battery' : `(${nested(depth - 1)} OR cell)`)

/**
 * Queries built to cost the most the syntax allows within its bounds (500 characters, 100 operands, 20
 * levels): proximity between wide alternatives of common words over every field, nesting to the limit,
 * truncations of common stems, a phrase of common words. Timed apart from the others: what one can make a
 * server spend, not what users ask.
 */
export const hostileQueries: { q: string }[] = [
  { q: `(${common.slice(0, 5).join(' OR ')}) NEAR/100 (${common.slice(5).join(' OR ')})` },
  { q: `(${common.slice(0, 5).join(' OR ')}) WITH (${common.slice(5).join(' OR ')})` },
  { q: nested(19) },
  { q: 'sig* NEAR/50 con* NEAR/50 dat* NEAR/50 dev*' },
  { q: `"${common.join(' ')}"` },
  { q: common.map((word) => `"${word} ${word}"`).join(' OR ') },
]

export const syntaxQueries: SearchQuery[] = [
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
  { q: 'battery WITH separator' },
  { q: 'CL=(sensor SAME signal)' },
  { q: 'inventor:john OR assignee:kabushiki' },
  { q: 'semiconductor before:publication:20100101' },
  { q: 'battery', params: { sort: 'new', dateType: 'filing' } },
  { q: 'method', params: { sort: 'old', dateType: 'publication' } },
  { q: 'vehicle', params: { dups: 'family' } },
  { q: '"control unit" WITH brake*', params: { sort: 'new', dups: 'family' } },
]
