// Piscina loads plain JavaScript in its thread; tsx compiles the TypeScript index from there, with the
// server's tsconfig (its `~/` paths) whatever the working directory, so the same file serves `npm start`,
// Vitest and benchmarks.
import { tsImport } from 'tsx/esm/api'

export const { start, add, finish, search, rerank, weigh } = await tsImport('./index-worker.ts', {
  parentURL: import.meta.url,
  tsconfig: new URL('../../../tsconfig.json', import.meta.url).pathname,
})
