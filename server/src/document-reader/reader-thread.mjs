// The reader's threads from the sources: Piscina loads plain JavaScript in each thread, and tsx compiles the
// TypeScript reader from here with the server's tsconfig (Vitest, benchmarks, the CLI). The built server
// runs server/dist's instead.
import { tsImport } from 'tsx/esm/api'

const { default: readDocument } = await tsImport('./reader-thread.ts', {
  parentURL: import.meta.url,
  tsconfig: new URL('../../tsconfig.json', import.meta.url).pathname,
})
export default readDocument
