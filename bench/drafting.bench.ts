/**
 * Live drafting checks: time per check on real patent texts from the shipped corpus (every record with
 * claims, as an applicant's draft would look), and on the largest draft the contract accepts.
 *   npm run bench:drafting [-- --runs 5]
 */
import { performance } from 'node:perf_hooks'
import { parseArgs } from 'node:util'
import { limits } from '@patentdesk/contract/limits'
import { draftingChecks } from '~/engine/drafting/drafting-checks'
import { readCorpus } from './corpus'
import { percentile } from './stats'

const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' } } })
const runs = Number(values.runs)

function time(draft: Parameters<typeof draftingChecks>[0]) {
  const start = performance.now()
  const issues = draftingChecks(draft)
  return { ms: performance.now() - start, issues: issues.length }
}

const drafts = (await readCorpus())
  .flatMap((row) => (row.claims && row.claims.length > 0 ? [{ ...row, claims: row.claims }] : []))
  .map((row) => ({
    title: row.title.slice(0, limits.title.max),
    abstract: (row.abstract ?? '').slice(0, limits.abstract.max),
    description: (row.description ?? '').slice(0, limits.description.max),
    claims: row.claims.slice(0, limits.claims.max).map((c) => c.slice(0, limits.claim.max)),
  }))

for (const draft of drafts.slice(0, 50)) time(draft)
const times: number[] = []
let issues = 0
for (let run = 0; run < runs; run++) {
  for (const draft of drafts) {
    const result = time(draft)
    times.push(result.ms)
    if (run === 0) issues += result.issues
  }
}
times.sort((a, b) => a - b)
const claims = drafts.reduce((n, d) => n + d.claims.length, 0)
console.log(
  `corpus drafts: ${drafts.length} patents with claims (${(claims / drafts.length).toFixed(1)} claims each)`,
)
console.log(
  `  per check: p50 ${percentile(times, 50).toFixed(2)} ms, p95 ${percentile(times, 95).toFixed(2)} ms, max ${times.at(-1)?.toFixed(1)} ms; ${(issues / drafts.length).toFixed(1)} issues per patent`,
)

const sentence = 'The housing holds a damped pendulum that swings to the vertical and a lever locks the jaw. '
const largest = {
  title: 'Levelling clamp'.padEnd(limits.title.max, ' x'),
  abstract: sentence.repeat(40).slice(0, limits.abstract.max),
  description: sentence.repeat(600).slice(0, limits.description.max),
  claims: Array.from({ length: 50 }, (_, i) =>
    `${i === 0 ? 'A clamp comprising a housing' : `The clamp of claim ${i}`}, wherein ${sentence.repeat(20)}`.slice(
      0,
      2000,
    ),
  ),
}
const large = Array.from({ length: runs }, () => time(largest).ms).sort((a, b) => a - b)
console.log(
  `50,000-character description + 50 claims of 2,000 characters: p50 ${percentile(large, 50).toFixed(1)} ms, max ${large.at(-1)?.toFixed(1)} ms`,
)
