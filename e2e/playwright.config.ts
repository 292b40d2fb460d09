import { defineConfig, devices } from '@playwright/test'

import { playwrightReportFile } from '../scripts/suite/summary'
import { testChromiumLaunchOptions } from './chromium'
import { baseURL, server } from './support'

/**
 * The built app on a fresh embedded database, driven by Debian's Chromium (never a downloaded browser).
 *
 * `E2E_REUSE=1` runs the specs against a server already listening on the port instead of starting one
 * (to iterate without reloading the corpus each run), e.g.
 * `DATA_DIR=/tmp/e2e-data PORT=3100 ADMIN_USERNAME=admin ADMIN_PASSWORD=e2e-admin-pass TRUST_PROXY=true npm run serve &`
 * then `E2E_REUSE=1 npx playwright test --config e2e/playwright.config.ts e2e/a11y.spec.ts`.
 * Rebuild the client (`npm run build`) after changing it: the server serves web/dist.
 */
export default defineConfig({
  testDir: '.',
  // Its own folder, which each run empties: the runners' reports lie beside it (scripts/suite/summary.ts).
  outputDir: '../test-results/playwright',
  fullyParallel: true,
  workers: 2,
  // Every wait is on a condition, and ends as soon as it holds: a timeout bounds a hang, not the machine's
  // speed. The slowest test took 25 s of a 30 s budget in a full run here, and a second suite beside it
  // slows it further, so each test has 60 s and each wait 20 s (Playwright's default is 5 s); one that needs more
  // states its budget with test.setTimeout. A condition that never comes still fails.
  timeout: 60_000,
  expect: { timeout: 20_000 },
  retries: 0,
  reporter: [['list'], ['json', { outputFile: playwrightReportFile }]],
  use: {
    baseURL,
    // Recording a trace of every test, to keep the failed ones', took 40 % of the browser tests' CPU time
    // (guards and keyboard: 128 s against 78 s on two cores): E2E_TRACE=retain-on-failure records them.
    trace: process.env.E2E_TRACE === 'retain-on-failure' ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    launchOptions: testChromiumLaunchOptions,
  },
  projects: [
    { name: 'chromium', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } },
  ],
  webServer: {
    command: server.command,
    cwd: '..',
    url: `${baseURL}/api/health`,
    reuseExistingServer: process.env.E2E_REUSE === '1',
    // The first start writes and loads the browser tests' corpus and builds the patent index (about 25 s here).
    timeout: 180_000,
    env: server.env,
  },
})
