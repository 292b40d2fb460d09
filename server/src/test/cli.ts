import { execFile } from 'node:child_process'
import path from 'node:path'
import { promisify } from 'node:util'
import type { buildTestApp } from './test-app'

type TestApp = Awaited<ReturnType<typeof buildTestApp>>

/**
 * Runs `npm run cli -- …args` as a process of its own with these settings (DATA_DIR, DATABASE_URL and any
 * others); resolves with its output, rejects with its exit code.
 */
export function runCliWith(env: Record<string, string>, ...args: string[]) {
  return promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', path.resolve(import.meta.dirname, '../cli/main.ts'), ...args],
    {
      env: {
        ...process.env,
        TSX_TSCONFIG_PATH: path.resolve(import.meta.dirname, '../../tsconfig.json'),
        LOG_LEVEL: 'silent',
        ...env,
      },
    },
  )
}

/** `runCliWith` on the test app's data folder and database (which a second process reaches on PostgreSQL only). */
export function runCli(t: TestApp, ...args: string[]) {
  return runCliWith({ DATA_DIR: t.config.dataDir, DATABASE_URL: t.database.url ?? '' }, ...args)
}
