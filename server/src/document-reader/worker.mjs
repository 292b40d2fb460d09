// Piscina loads plain JavaScript in each worker thread; tsx compiles the TypeScript reader from there, so
// the same file serves `npm start` (tsx), Vitest and benchmarks.
import { tsImport } from 'tsx/esm/api'

const { readDocument } = await tsImport('./read-document.ts', import.meta.url)
export default readDocument
