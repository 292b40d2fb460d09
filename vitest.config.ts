import path from 'node:path'
import { defineConfig } from 'vitest/config'

const server = {
  resolve: { alias: { '~': path.resolve(import.meta.dirname, 'server/src') } },
}
const serverTests = ['server/src/**/*.test.ts']
/** Several servers sharing one database: what PostgreSQL gives and the embedded PGlite cannot. */
const postgresOnly = ['server/src/scale-out.test.ts']
const web = {
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'web/src') } },
}

// The server suite runs on PGlite, and again on a real PostgreSQL when TEST_DATABASE_URL is set.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contract', include: ['contract/src/**/*.test.ts'] } },
      {
        ...web,
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['web/src/**/*.test.tsx'],
          setupFiles: ['web/src/test/setup.ts'],
        },
      },
      {
        ...server,
        test: {
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
              test: { name: 'server:postgres', include: serverTests, env: { TEST_DRIVER: 'postgres' } },
            },
          ]
        : []),
    ],
  },
})
