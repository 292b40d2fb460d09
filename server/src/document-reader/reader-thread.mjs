// The reader's threads from the sources: Piscina loads plain JavaScript in each thread, and tsx compiles the
// TypeScript reader from here (Vitest, benchmarks, the CLI). The built server runs server/dist's instead.
import { tsImport } from 'tsx/esm/api'

const { default: readDocument } = await tsImport('./reader-thread.ts', import.meta.url)
export default readDocument
