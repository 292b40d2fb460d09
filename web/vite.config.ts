import { fileURLToPath } from 'node:url'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'
// By path: the config is bundled on its own, and the contract's package points at TypeScript Node cannot load.
import { pageModulesFile } from '../contract/src/client-routes.ts'
import { pageModules } from './src/app/page-modules.ts'

const src = fileURLToPath(new URL('./src', import.meta.url))
/**
 * React Router's package points every condition at its development build, whose only difference is its
 * warnings turned on: checks and messages built on every render. Its production build sits beside it.
 */
const reactRouterProduction = fileURLToPath(
  new URL('../node_modules/react-router/dist/production/index.mjs', import.meta.url),
)

/** Writes each page's modules (src/app/page-modules.ts) beside the manifest, for the server's preload links. */
const writePageModules: Plugin = {
  name: 'patentdesk-page-modules',
  apply: 'build',
  generateBundle() {
    this.emitFile({ type: 'asset', fileName: pageModulesFile, source: JSON.stringify(pageModules) })
  },
}

export default defineConfig(({ command }) => ({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), tailwindcss(), writePageModules],
  resolve: {
    alias: [
      { find: '@', replacement: src },
      // zod that builds no parser with `new Function`, which the server's CSP refuses (see the module).
      { find: /^zod$/, replacement: `${src}/lib/zod.ts` },
      ...(command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : []),
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: the chunks of each page module, which the server names in index.html
    // (modulepreload) for the page asked for (server/src/plugins/web-client.ts).
    manifest: true,
    rolldownOptions: {
      output: {
        // Each screen is a chunk of its own (the router's `lazy`), and the modules two screens share are split
        // by the set of screens sharing them (the bundler's default). Three groups on top (decisions 16, 23):
        codeSplitting: {
          groups: [
            // React, React DOM and the router, which every page needs and which change only with an upgrade:
            // a release that changes only the app's code leaves this chunk (about 300 KB before compression)
            // in the browser's cache.
            {
              name: 'react',
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/,
              priority: 3,
            },
            // Whatever the entry imports stays in the entry chunk (the next group would otherwise take the
            // landing page's icons and queries out of it).
            { name: 'index', tags: ['$initial'], priority: 2 },
            // The icons and the query hooks of the other screens: a few hundred bytes each, they made a file
            // each for every set of screens sharing them (ten on the dashboard); together about 7 KB compressed.
            {
              name: 'kit',
              test: /[\\/]node_modules[\\/](lucide-react|@tanstack)[\\/]/,
              priority: 1,
            },
          ],
        },
      },
    },
  },
  server: { proxy: { '/api': 'http://localhost:3000' } },
}))
