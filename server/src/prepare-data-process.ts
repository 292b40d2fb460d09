import { prepareData } from './prepare-data'

// The data preparation's process (prepare-data.ts): its exit code says whether it succeeded.
process.exitCode = (await prepareData()) ? 0 : 1
