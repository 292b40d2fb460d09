import os from 'node:os'
import path from 'node:path'
import { defineConfig } from 'vitest/config'

const server = {
  resolve: { alias: { '~': path.resolve(import.meta.dirname, 'server/src') } },
}
/**
 * A worker runs its files one after another and keeps the modules it loaded (fastify, drizzle, PGlite; React
 * and jsdom): each server file still builds its own app on its own emptied database (test-database.ts), the
 * files that fake timers restore them, and the web setup file clears what a screen leaves (toasts, session).
 * With fresh modules for each file, the PGlite suite took 95 s instead of 69 s and the web suite 79 s
 * instead of 19 s (each alone, two workers on two cores). `--isolate` gives each file fresh modules, to rule
 * sharing out.
 */
const sharedModules = { isolate: false }
const serverTests = ['server/src/**/*.test.ts']
/** Several servers sharing one database: what PostgreSQL gives and the embedded PGlite cannot. */
const postgresOnly = ['server/src/scale-out.test.ts']
/**
 * Files whose subject the driver cannot change, run on PGlite only: no database at all (pure functions timed
 * against hostile text, documents read in threads, the log), or one only to load their fixtures (the search's
 * ranking, the analysis engine's threads and the public analysis work on the index in memory; what the
 * analysis reads and stores through the database, application-analysis.test.ts proves on both drivers:
 * 25 s of the PostgreSQL project's worker time). And the fuzz walk: both drivers run
 * the same PostgreSQL, so a hostile value meets the same engine either way, and what differs between the
 * drivers' clients (errors, pooled connections, transactions) edge-inputs.test.ts and the route tests prove on
 * both. On PostgreSQL these took 170 s of the suite's 1,170 worker seconds (120 s of it the fuzz walk).
 */
const pgliteOnly = [
  'server/src/complexity.test.ts',
  'server/src/document-reader/document-reader.test.ts',
  'server/src/logger.test.ts',
  'server/src/plugins/refuse-nul.test.ts',
  'server/src/engine/prior-art/query-styles.test.ts',
  'server/src/engine/prior-art/query-syntax-corpus.test.ts',
  'server/src/engine/prior-art/percolate.test.ts',
  'server/src/engine/prior-art/query-eval.test.ts',
  'server/src/engine/engine-threads.test.ts',
  'server/src/features/analysis/analysis.test.ts',
  'server/src/features/analysis/live-prior-art.test.ts',
  'server/src/fuzz.test.ts',
]
const web = {
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'web/src') } },
}

/**
 * A budget that bounds a hang, not the machine's speed: with a second suite beside it a test takes three
 * times as long here, and 30 s failed tests that take 10 s alone (the fuzz walk's roles, the linear-time
 * checks, a file of the upload limit in PGlite). A test that may need more states its own.
 */
const budget = { testTimeout: 120_000, hookTimeout: 120_000 }

// The server suite runs on PGlite, and again on a real PostgreSQL when TEST_DATABASE_URL is set.
export default defineConfig({
  test: {
    // What each file cost, for the summary `npm test` ends with (scripts/suite/summary.ts).
    reporters: ['default', './scripts/suite/vitest-report.ts'],
    // Vitest runs availableParallelism - 1 files at once: one on a two-core machine, which leaves a core idle
    // while a file waits on PostgreSQL, PGlite's start or a child process. Two at a time takes both.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    projects: [
      { test: { ...budget, name: 'contract', include: ['contract/src/**/*.test.ts'] } },
      {
        ...web,
        test: {
          ...budget,
          ...sharedModules,
          name: 'web',
          environment: 'jsdom',
          include: ['web/src/**/*.test.tsx'],
          setupFiles: ['web/src/test/setup.ts'],
        },
      },
      {
        ...server,
        test: {
          ...budget,
          ...sharedModules,
          name: 'server:pglite',
          include: serverTests,
          exclude: postgresOnly,
          env: { TEST_DRIVER: 'pglite' },
          globalSetup: ['server/src/test/template-database.ts'],
        },
      },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              ...server,
              test: {
                ...budget,
                ...sharedModules,
                name: 'server:postgres',
                include: serverTests,
                exclude: pgliteOnly,
                env: { TEST_DRIVER: 'postgres' },
                globalSetup: ['server/src/test/template-database.ts'],
              },
            },
          ]
        : []),
    ],
  },
})
