/**
 * The suite's last lines: one per runner with what it counted and how long it took, read from the runners'
 * own reports (test-results/vitest.json from vitest-report.ts, test-results/playwright.json from
 * Playwright's JSON reporter), and the slowest test files, to say where the time goes.
 */
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { type FileReport, vitestReportFile } from './vitest-report'

export type Step = {
  name: string
  command: string
  env?: Record<string, string>
  /** The browser tests' server starts once this step has passed. */
  startsServer?: boolean
  /** Runs against that server, once it is ready. */
  needsServer?: boolean
  result?: { code: number; seconds: number }
}

export const playwrightReportFile = path.resolve(import.meta.dirname, '../../test-results/playwright.json')

const read = <T>(file: string): T | undefined =>
  existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as T) : undefined
const s = (seconds: number) => `${seconds.toFixed(0)} s`
const counted = (passed: number, failed: number, skipped: number) =>
  [`${passed} passed`, `${failed} failed`, ...(skipped ? [`${skipped} skipped`] : [])].join(', ')

/** A line per Vitest project: files, tests by outcome, and the files' time summed by what it went on. */
function vitestLines(files: FileReport[]) {
  const projects = [...new Set(files.map((f) => f.project))]
  return projects.map((project) => {
    const own = files.filter((f) => f.project === project)
    const sum = (key: 'passed' | 'failed' | 'skipped' | 'setup' | 'import' | 'tests') =>
      own.reduce((total, f) => total + f[key], 0)
    // A worker that keeps its modules sets its environment up once, and Vitest reports that one time on each
    // of its files: a time repeated is counted once.
    const environment = [...new Set(own.map((f) => f.environment))].reduce((total, ms) => total + ms, 0)
    const time = `setup ${s((environment + sum('setup') + sum('import')) / 1000)}, tests ${s(sum('tests') / 1000)}`
    return `    ${project}: ${own.length} files, ${counted(sum('passed'), sum('failed'), sum('skipped'))} (${time})`
  })
}

/** The files that cost most (setup and tests, but the environment a worker may share), across projects. */
function slowestLines(files: FileReport[], count: number) {
  const cost = (f: FileReport) => (f.setup + f.import + f.tests) / 1000
  return [...files]
    .sort((a, b) => cost(b) - cost(a))
    .slice(0, count)
    .map((f) => `    ${cost(f).toFixed(1).padStart(6)} s  ${f.project} ${f.file}`)
}

type PlaywrightReport = {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number; duration: number }
}

function playwrightCounts({ stats }: PlaywrightReport) {
  const { expected, unexpected, flaky, skipped } = stats
  return `${expected + unexpected + flaky + skipped} tests, ${counted(expected, unexpected + flaky, skipped)}`
}

export function summary(steps: Step[], run: { total: number; serverReady: number | undefined }) {
  const lines = ['', `npm test: ${steps.every((step) => step.result?.code === 0) ? 'passed' : 'FAILED'}`]
  const vitest = read<FileReport[]>(vitestReportFile)
  const playwright = read<PlaywrightReport>(playwrightReportFile)
  for (const step of steps) {
    const outcome = step.result
      ? `${step.result.code === 0 ? 'passed' : 'FAILED'} in ${s(step.result.seconds)}`
      : 'not run'
    const counts =
      step.name === 'playwright' && step.result && playwright ? `: ${playwrightCounts(playwright)}` : ''
    lines.push(`  ${step.name} ${outcome}${counts}`)
    if (step.name === 'vitest' && step.result && vitest) lines.push(...vitestLines(vitest))
  }
  if (run.serverReady !== undefined)
    lines.push(
      `  the browser tests' server (its corpus loaded) was ready ${s(run.serverReady)} after the start`,
    )
  if (vitest) lines.push('  the slowest Vitest files (setup and tests):', ...slowestLines(vitest, 5))
  lines.push(`  in all ${s(run.total)}`)
  return lines.join('\n')
}
