// Piscina loads plain JavaScript in its thread; tsx compiles the TypeScript index from there, so the same
// file serves `npm start` (tsx), Vitest and benchmarks.
import { tsImport } from 'tsx/esm/api'

export const { start, add, finish, search } = await tsImport('./index-worker.ts', import.meta.url)
