// The index builder's process (index-builder.ts), started with plain Node: tsx compiles the TypeScript from
// here with the server's tsconfig, as prepare-data.mjs does for the data preparation.
import { tsImport } from 'tsx/esm/api'

await tsImport('./index-builder.ts', {
  parentURL: import.meta.url,
  tsconfig: new URL('../../../tsconfig.json', import.meta.url).pathname,
})
