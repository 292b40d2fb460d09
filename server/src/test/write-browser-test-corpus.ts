/** `tsx server/src/test/write-browser-test-corpus.ts DIR`: the browser tests' corpus, written to DIR. */
import { browserTestCorpus } from './small-corpus'

const dir = process.argv[2]
if (!dir) throw new Error('give the folder to write the corpus to')
const { records } = await browserTestCorpus(dir)
console.log(`${records.length} patents written to ${dir}`)
