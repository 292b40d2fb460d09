// The index builder's tokenising thread (tokeniser-thread.ts), compiled by tsx as index-builder.mjs is.
import { tsImport } from 'tsx/esm/api'

await tsImport('./tokeniser-thread.ts', {
  parentURL: import.meta.url,
  tsconfig: new URL('../../../tsconfig.json', import.meta.url).pathname,
})
