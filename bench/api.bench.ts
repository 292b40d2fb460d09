/**
 * Throughput of signed-in requests against a real server, started as `npm start` starts it on an empty data
 * folder (the shipped corpus loaded on first start; `--corpus none` skips that for a quick run), or on a
 * fresh PostgreSQL database with `--database-url postgres://…/postgres` (a database of its own, dropped
 * after). A user registers through the API and writes `--applications` applications (real patent texts
 * from the shipped corpus, every fourth submitted). Then autocannon, `--connections` at once, asks
 * `/api/health` and then the signed-in list `GET /api/patents`, each for `--warmup` seconds unmeasured and
 * `--duration` seconds measured, `--rounds` times over. Printed per route and round: requests/s, p50/p99
 * latency, the server process's CPU time per answer (steadier than requests/s on a shared machine; on
 * PostgreSQL the database's own processes are not in it), answers other than 2xx; then the medians and
 * the median ratio.
 * Target (issue 11): the list serves at least 0.4 of what health serves in the same run.
 * `--profile DIR` starts the server under `node --cpu-prof` and leaves its profile in DIR.
 *   npm run bench:api [-- --corpus none] [-- --database-url postgres://postgres@127.0.0.1:5432/postgres]
 */
import fs from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { type Application, ApplicationContentSchema } from '@patentdesk/contract/applications'
import type { SessionUser } from '@patentdesk/contract/session-user'
import autocannon from 'autocannon'
import { readCorpus } from './corpus'
import { benchPort, launchServer, waitForHealth } from './server'

const { values } = parseArgs({
  options: {
    corpus: { type: 'string', default: 'auto' },
    'database-url': { type: 'string' },
    connections: { type: 'string', default: '20' },
    duration: { type: 'string', default: '5' },
    warmup: { type: 'string', default: '2' },
    rounds: { type: 'string', default: '3' },
    applications: { type: 'string', default: '20' },
    profile: { type: 'string' },
  },
})

const base = `http://127.0.0.1:${benchPort}`
const TARGET_RATIO = 0.4

async function call<T>(
  method: string,
  url: string,
  { token, body }: { token?: string; body?: unknown } = {},
) {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`)
  return (await response.json()) as T
}

/** `count` drafts as applicants write them: corpus patents with claims, spread over the corpus. */
async function drafts(count: number) {
  const usable = (await readCorpus()).flatMap((row) => {
    const parsed = ApplicationContentSchema.safeParse({
      title: row.title,
      abstract: row.abstract ?? '',
      description: row.description ?? '',
      claims: row.claims ?? [],
    })
    return parsed.success ? [parsed.data] : []
  })
  const step = Math.max(1, Math.floor(usable.length / count))
  return Array.from({ length: count }, (_, i) => usable[(i * step) % usable.length] as (typeof usable)[0])
}

/** A signed-in applicant with `count` applications, every fourth submitted; their token. */
async function signedInApplicant(count: number) {
  const user = await call<SessionUser>('POST', '/api/auth/register', {
    body: {
      username: 'bench_applicant',
      email: 'bench.applicant@example.com',
      fullName: 'Bench Applicant',
      organization: 'Levelling Devices Ltd',
      password: 'bench-secret-pass',
    },
  })
  const written = await drafts(count)
  for (const [i, draft] of written.entries()) {
    const created = await call<Application>('POST', '/api/patents', { token: user.token, body: draft })
    if (i % 4 === 3) await call('POST', `/api/patents/${created.id}/submit`, { token: user.token })
  }
  const characters = written.reduce((n, d) => n + d.description.length + d.claims.join('').length, 0)
  return { token: user.token, averageCharacters: Math.round(characters / count) }
}

type Run = { perSecond: number; failed: number }

/** CPU time the process has used, user and system, in µs (Linux /proc; clock ticks of 10 ms). */
function cpuTime(pid: number) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? []
  return (Number(fields[11]) + Number(fields[12])) * 10_000
}

async function load(
  { url, headers, pid }: { url: string; headers: Record<string, string>; pid: number },
  round: number,
): Promise<Run> {
  const options = { url: `${base}${url}`, connections: Number(values.connections), headers }
  await autocannon({ ...options, duration: Number(values.warmup) })
  const cpuBefore = cpuTime(pid)
  const result = await autocannon({ ...options, duration: Number(values.duration) })
  const cpuPerAnswer = (cpuTime(pid) - cpuBefore) / result.requests.total
  const statuses = Object.entries(result.statusCodeStats)
    .map(([status, { count }]) => `${count}× ${status}`)
    .join(', ')
  const failed = result.non2xx + result.errors + result.timeouts
  const cells = [
    String(round).padStart(5),
    url.padEnd(12),
    result.requests.average.toFixed(0).padStart(5),
    `${result.latency.p50.toFixed(1)} ms`.padStart(8),
    `${result.latency.p99.toFixed(1)} ms`.padStart(8),
    `${cpuPerAnswer.toFixed(0)} µs`.padStart(10),
    String(failed).padStart(7),
    statuses,
  ]
  console.log(cells.join(' | '))
  return { perSecond: result.requests.average, failed }
}

const median = (numbers: number[]) => {
  const sorted = [...numbers].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2
}

/** Health then the list, `--rounds` times: a neighbour's load that comes and goes shows as one odd round. */
async function measure(token: string, pid: number) {
  console.log('round | route        | req/s |      p50 |      p99 | server CPU | non-2xx | answers')
  const rounds: { health: Run; list: Run }[] = []
  for (let round = 1; round <= Number(values.rounds); round++) {
    const health = await load({ url: '/api/health', headers: {}, pid }, round)
    const list = await load(
      { url: '/api/patents', headers: { authorization: `Bearer ${token}` }, pid },
      round,
    )
    rounds.push({ health, list })
  }
  return {
    health: median(rounds.map((r) => r.health.perSecond)),
    list: median(rounds.map((r) => r.list.perSecond)),
    ratio: median(rounds.map((r) => r.list.perSecond / r.health.perSecond)),
    failed: rounds.reduce((n, r) => n + r.health.failed + r.list.failed, 0),
  }
}

async function main() {
  const { server, driver, stop } = await launchServer('api', {
    postgresUrl: values['database-url'],
    corpus: values.corpus,
    nodeOptions: values.profile ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(values.profile)}`] : [],
  })
  try {
    const startup = await waitForHealth(server, base)
    const applications = Number(values.applications)
    const { token, averageCharacters } = await signedInApplicant(applications)
    console.log(
      `server ready in ${Math.round(startup)} ms (${driver}, corpus: ${values.corpus}); ` +
        `${applications} applications of ${averageCharacters} characters on average; ` +
        `${values.connections} connections, ${values.duration} s per route and round after ${values.warmup} s of warm-up`,
    )
    const { health, list, ratio, failed } = await measure(token, server.pid as number)
    console.log(
      `median: health ${health.toFixed(0)} req/s, signed-in list ${list.toFixed(0)} req/s; ` +
        `list / health ${ratio.toFixed(2)} (target ≥ ${TARGET_RATIO})${failed > 0 ? `; ${failed} answers not 2xx` : ''}`,
    )
    // A run with failed answers measured something else; a ratio below target is a figure, not a failure.
    if (failed > 0) process.exitCode = 1
  } finally {
    await stop()
  }
}

await main()
