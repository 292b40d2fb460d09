import { defineConfig, devices } from '@playwright/test'

import { admin, baseURL, port } from './support'

/** The built app on a fresh embedded database, driven by Debian's Chromium (never a downloaded browser). */
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
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    { name: 'chromium', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } },
  ],
  webServer: {
    command: 'rm -rf .e2e-data && npm run serve',
    cwd: '..',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
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
