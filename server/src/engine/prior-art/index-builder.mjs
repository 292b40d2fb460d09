// The index builder's process from the sources (index-builder.ts), started with plain Node: tsx compiles it
// from here with the server's tsconfig. The built server runs server/dist's instead.
import { tsImport } from 'tsx/esm/api'

await tsImport('./index-builder.ts', {
  parentURL: import.meta.url,
  tsconfig: new URL('../../../tsconfig.json', import.meta.url).pathname,
})
