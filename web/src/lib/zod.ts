/*
 * zod as the client's bundle sees it (web/vite.config.ts points `zod` here): zod, told to build no parser with
 * `new Function`. zod compiles a fast parser for each object schema when it may, and finds out whether it may
 * by trying once as the first object schema is built. The server's Content-Security-Policy has no
 * 'unsafe-eval', so that try is refused and the browser reports a CSP violation on every page (a console error
 * and an issue that costs Lighthouse's best practices points). jitless skips the try and the compiled parsers,
 * which the CSP refused anyway. Every module that builds a schema imports zod, so through this module, which
 * runs before any of them whatever chunk it lands in; web/package.json lists it among the modules with side
 * effects, so the bundler keeps it. The server, without a CSP of its own to obey, keeps zod's compiled parsers.
 */
import { z } from 'zod/v4'

z.config({ jitless: true })

export * from 'zod/v4'
export { z, z as default }
