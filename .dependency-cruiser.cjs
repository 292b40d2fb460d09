/**
 * Features that stand alone (docs/architecture.md, "Feature folders"): on the server and in the client,
 * a feature folder reaches another only through that feature's public module, and no two feature
 * folders depend on each other, directly or round a longer loop. What two features share lives in a
 * shared module (server/src/shared, web/src/lib, web/src/components) or in the contract.
 *
 * Public modules: `<feature>.service.ts` on the server (a service and its types, handed over by
 * app.ts), `index.ts` in the client. Tests and test helpers are not cruised: they may reach anything.
 *
 * The engine (server/src/engine: the analysis engine, the drafting checks, the patent index) is a wing of
 * its own, run in threads and with no routes: it imports nothing from the features, and the features use
 * it through the modules at its top (the threads, the index and its interface), never its parts' folders.
 */
const features = '^(server|web)/src/features/'

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-feature-cycles',
      comment:
        'Two feature folders depend on each other (directly or through others): move what they share out.',
      severity: 'error',
      scope: 'folder',
      from: { path: `${features}[^/]+$` },
      to: { path: `${features}[^/]+$`, circular: true },
    },
    {
      name: 'no-module-cycles',
      comment:
        'Two modules import each other (directly or round a longer loop, types included): move what both need into a module of its own.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'engine-stands-alone',
      comment:
        'The engine imports a feature: what it needs comes in through its arguments (the Corpus, the database).',
      severity: 'error',
      from: { path: '^server/src/engine/' },
      to: { path: '^server/src/features/' },
    },
    {
      name: 'engine-through-its-top',
      comment:
        "A feature reaches into a part of the engine: use a module at the engine's top (engine-threads.ts, patent-index.ts, prior-art-index.ts), or add one there.",
      severity: 'error',
      from: { path: features },
      to: { path: '^server/src/engine/[^/]+/' },
    },
    {
      name: 'no-feature-internals',
      comment:
        "A feature imports another feature's internals: use its public module (<feature>.service.ts on the server, index.ts in the client), or move the shared part out.",
      severity: 'error',
      from: { path: `${features}([^/]+)/` },
      to: {
        path: '^$1/src/features/',
        pathNot: [
          '^$1/src/features/$2/',
          '^server/src/features/([^/]+)/\\1\\.service\\.ts$',
          '^web/src/features/[^/]+/index\\.ts$',
        ],
      },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['node_modules', '\\.test\\.tsx?$', '^(server|web)/src/test/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.depcruise.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs'],
    },
  },
}
