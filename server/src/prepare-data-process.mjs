// The data preparation's process from the sources (prepare-data-process.ts), started with plain Node: tsx
// compiles the TypeScript from here with the server's tsconfig. The built server runs server/dist's instead.
import { tsImport } from 'tsx/esm/api'

await tsImport('./prepare-data-process.ts', {
  parentURL: import.meta.url,
  tsconfig: new URL('../tsconfig.json', import.meta.url).pathname,
})
