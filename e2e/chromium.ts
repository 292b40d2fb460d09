/** Quiet: no background traffic, no first-run work. */
const args = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]

/** Debian's Chromium as users run it (never a downloaded browser): what `bench:client` measures pages with. */
export const chromiumLaunchOptions = { executablePath: '/usr/bin/chromium', args }

/**
 * The browser tests' Chromium: Debian's headless shell of the same version (package chromium-headless-shell),
 * the build Playwright itself runs headless tests in. The full browser, through Debian's launcher, rasterises
 * on a software GPU and loads its extensions: 31 of the browser tests took 3.6 min with it and 2.3 min with
 * the shell on the same server (docs/decisions/0030).
 */
export const testChromiumLaunchOptions = { executablePath: '/usr/bin/chromium-headless-shell', args }
