/**
 * What matching saved searches against an import costs (issue 42): --searches saved searches as users
 * write them (bench/saved-queries.ts: words of a subject, phrases, fields, NEAR, truncation, an applicant,
 * filing dates; a few broad) against an import of --import new patents (generated variants of the shipped
 * records, bench/corpus.ts `variantOf`, as bench:scale makes them) into a corpus of --corpus patents.
 *
 * `--mode server` (the default; bench/alerts-server.ts): the server's whole path on a fresh database of
 * --driver (postgres, a database of its own on --database-url, dropped after; pglite, an empty data folder),
 * grown to --corpus as bench:scale grows it, the saved searches created through the API by 100-search users,
 * the import through the CLI: the time from the import's end until every alert is recorded, search latency
 * meanwhile against the same before the import, the server's peak memory, and what the searches found,
 * checked against what the percolation finds in this process.
 *
 * `--mode index` (bench/alerts-index.ts): the index's part alone, in this process as the server's index
 * thread runs it (percolate.ts): the import's own index written and every query matched, --runs times;
 * reading the patents from the database and recording the hits are not in it.
 *
 *   npm run bench:alerts [-- --mode server --driver postgres|pglite --corpus 100000 --searches 10000
 *     --import 10000 --runs 20 --database-url postgres://postgres@127.0.0.1:5432/postgres]
 *   npm run bench:alerts -- --mode index [--searches 10000 --import 10000 --corpus 100000 --runs 3]
 */
import { parseArgs } from 'node:util'
import { parseRecord } from '~/features/patents/importer'
import { indexMode } from './alerts-index'
import { serverMode } from './alerts-server'
import { savedQueries } from './saved-queries'
import { readShipped } from './scale-corpus'

const { values } = parseArgs({
  options: {
    mode: { type: 'string', default: 'server' },
    driver: { type: 'string', default: 'postgres' },
    corpus: { type: 'string', default: '100000' },
    searches: { type: 'string', default: '10000' },
    import: { type: 'string', default: '10000' },
    /** Index mode: percolations. Server mode: runs of each search query, before the import and during. */
    runs: { type: 'string' },
    'database-url': {
      type: 'string',
      default: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    },
  },
})
const [corpus, searches, imported] = [values.corpus, values.searches, values.import].map(Number) as [
  number,
  number,
  number,
]
if (![corpus, searches, imported].every((n) => Number.isInteger(n) && n > 0))
  throw new Error('--corpus, --searches and --import take whole numbers above 0')

// The shipped records as the import file holds them (what the variants are made of), and as rows (what the
// saved searches are drawn from): the same records, in the same order.
const shipped = await readShipped()
const rows = shipped.flatMap((record, i) => {
  const parsed = parseRecord(JSON.stringify(record), i + 1)
  return 'row' in parsed ? [parsed.row] : []
})
if (corpus < shipped.length)
  throw new Error(`--corpus: ${corpus} is below the ${shipped.length} shipped patents`)
const queries = savedQueries(rows, searches)

if (values.mode === 'index') indexMode(shipped, queries, { corpus, imported, runs: Number(values.runs ?? 3) })
else if (values.mode === 'server') {
  if (values.driver !== 'postgres' && values.driver !== 'pglite')
    throw new Error('--driver takes postgres or pglite')
  await serverMode(shipped, queries, {
    driver: values.driver,
    databaseUrl: values['database-url'],
    corpus,
    imported,
    runs: Number(values.runs ?? 20),
  })
} else throw new Error('--mode takes server or index')
