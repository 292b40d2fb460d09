/**
 * What matching saved searches against an import costs the index (issue 42), in this process as the
 * server's index thread runs it (percolate.ts): --searches saved queries as users write them
 * (bench/saved-queries.ts: words, phrases, fields, NEAR, truncation, filters) against an import of --import
 * patents (generated variants of the shipped records, bench/corpus.ts `variantOf`, as bench:scale imports
 * them). Per run: the time to write the import's own index file, to match every query, the matches found,
 * the heap and RSS at the end. The figures are the index's part only: reading the patents from the
 * database and recording the hits are not in them (the server's whole path is for bench:scale).
 *   npm run bench:alerts [-- --searches 10000 --import 10000 --runs 3]
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { parseArgs } from 'node:util'
import { type PercolatedPatent, percolate } from '~/engine/prior-art/percolate'
import { indexedPatent } from '~/engine/prior-art/prior-art.repo'
import { type CorpusRow, readCorpus, variantOf } from './corpus'
import { savedQueries } from './saved-queries'

const { values } = parseArgs({
  options: {
    searches: { type: 'string', default: '10000' },
    import: { type: 'string', default: '10000' },
    runs: { type: 'string', default: '3' },
  },
})
const [searches, imported, runs] = [values.searches, values.import, values.runs].map(Number) as [
  number,
  number,
  number,
]

const shipped = await readCorpus()
const queries = savedQueries(shipped, searches)
const patents: PercolatedPatent[] = Array.from({ length: imported }, (_, i) => {
  const row = variantOf(shipped, i, 'A') as CorpusRow
  return { ...indexedPatent(row), citations: row.citations ?? [] }
})
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'patentdesk-alerts-bench-'))
process.on('exit', () => fs.rmSync(dir, { recursive: true, force: true }))
const mb = (bytes: number) => (bytes / 2 ** 20).toFixed(0)

console.log(`${searches} saved searches against an import of ${imported} patents, ${runs} runs:`)
for (let run = 1; run <= runs; run++) {
  const started = performance.now()
  const matched = percolate(path.join(dir, `run-${run}.percolate`), patents, queries)
  const seconds = (performance.now() - started) / 1000
  const hits = matched.reduce((sum, m) => sum + m.references.length, 0)
  const { heapUsed, rss } = process.memoryUsage()
  console.log(
    `  run ${run}: ${seconds.toFixed(1)} s (${((seconds * 1e6) / searches).toFixed(0)} µs a search), ` +
      `${matched.length} searches matched ${hits} patents; heap ${mb(heapUsed)} MB, RSS ${mb(rss)} MB`,
  )
}
