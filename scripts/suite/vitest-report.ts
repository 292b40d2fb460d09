/**
 * A Vitest reporter that writes what each test file cost to `test-results/vitest.json`: its project, its
 * tests by outcome, and its time split as Vitest reports it (environment, setup, import, tests). The suite's
 * runner (run.ts) prints one line per project from it, and the slowest files, to say where the time goes.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import type { Reporter, TestModule } from 'vitest/node'

export type FileReport = {
  project: string
  file: string
  passed: number
  failed: number
  skipped: number
  /** Milliseconds: jsdom or node, Vitest's own harness and setup files, importing the file, its tests and hooks. */
  environment: number
  setup: number
  import: number
  tests: number
}

export const vitestReportFile = path.resolve(import.meta.dirname, '../../test-results/vitest.json')

export default class FileCosts implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>) {
    const files = modules.map((module): FileReport => {
      const counts = { passed: 0, failed: 0, skipped: 0, pending: 0 }
      for (const test of module.children.allTests()) counts[test.result().state] += 1
      const cost = module.diagnostic()
      return {
        project: module.project.name,
        file: module.relativeModuleId,
        passed: counts.passed,
        // A file that failed to load has no tests to count: it counts as one failure.
        failed: counts.failed + (module.state() === 'failed' && counts.failed === 0 ? 1 : 0),
        skipped: counts.skipped + counts.pending,
        environment: cost.environmentSetupDuration,
        setup: cost.prepareDuration + cost.setupDuration,
        import: cost.collectDuration,
        tests: cost.duration,
      }
    })
    mkdirSync(path.dirname(vitestReportFile), { recursive: true })
    writeFileSync(vitestReportFile, JSON.stringify(files, null, 1))
  }
}
