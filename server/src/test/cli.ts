import { execFile } from 'node:child_process'
import path from 'node:path'
import { promisify } from 'node:util'
import type { buildTestApp } from './test-app'

type TestApp = Awaited<ReturnType<typeof buildTestApp>>

/**
 * Runs `npm run cli -- …args` as a process of its own on the test app's data folder and database (which a
 * second process reaches on PostgreSQL only); resolves with its output, rejects with its exit code.
 */
export function runCli(t: TestApp, ...args: string[]) {
  return promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', path.resolve(import.meta.dirname, '../cli/main.ts'), ...args],
    {
      env: {
        ...process.env,
        TSX_TSCONFIG_PATH: path.resolve(import.meta.dirname, '../../tsconfig.json'),
        DATA_DIR: t.config.dataDir,
        DATABASE_URL: t.database.url,
        LOG_LEVEL: 'silent',
      },
    },
  )
}
