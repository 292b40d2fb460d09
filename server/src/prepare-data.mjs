// The data preparation's process (prepare-data.ts), started with plain Node: tsx compiles the TypeScript
// from here with the server's tsconfig, as the patent index's builder does.
import { tsImport } from 'tsx/esm/api'

const { prepareData } = await tsImport('./prepare-data.ts', {
  parentURL: import.meta.url,
  tsconfig: new URL('../tsconfig.json', import.meta.url).pathname,
})
process.exitCode = (await prepareData()) ? 0 : 1
