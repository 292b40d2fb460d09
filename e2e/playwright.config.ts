import { defineConfig, devices } from '@playwright/test'

import { chromiumLaunchOptions } from './chromium'
import { admin, baseURL, port } from './support'

/**
 * The built app on a fresh embedded database, driven by Debian's Chromium (never a downloaded browser).
 *
 * `E2E_REUSE=1` runs the specs against a server already listening on the port instead of starting one
 * (to iterate without reloading the corpus each run), e.g.
 * `DATA_DIR=/tmp/e2e-data PORT=3100 ADMIN_USERNAME=admin ADMIN_PASSWORD=e2e-admin-pass npm run serve &`
 * then `E2E_REUSE=1 npx playwright test --config e2e/playwright.config.ts e2e/a11y.spec.ts`.
 * Rebuild the client (`npm run build`) after changing it: the server serves web/dist.
 */
export default defineConfig({
  testDir: '.',
  outputDir: '../test-results',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: chromiumLaunchOptions,
  },
  projects: [
    { name: 'chromium', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } },
  ],
  webServer: {
    command: 'rm -rf .e2e-data && npm run serve',
    cwd: '..',
    url: `${baseURL}/api/health`,
    reuseExistingServer: process.env.E2E_REUSE === '1',
    // The first start loads the 47,000-patent corpus and builds the prior-art index (about 80 s here).
    timeout: 180_000,
    env: {
      PORT: String(port),
      DATA_DIR: '.e2e-data',
      ADMIN_USERNAME: admin.username,
      ADMIN_PASSWORD: admin.password,
      LOG_LEVEL: 'warn',
    },
  },
})
