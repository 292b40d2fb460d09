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
