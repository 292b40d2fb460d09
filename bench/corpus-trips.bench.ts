/**
 * What the engine's questions to the patent index cost, and what answering them in the engine's own thread
 * would (docs/decisions/0031). At --size patents in a fresh database, each invention below analysed --runs
 * times, alternating:
 * - through the threads, as the server runs it: the engine's thread asks the server's thread over the port,
 *   which asks the index's thread (or the database, for texts) and answers back;
 * - in one thread: the same engine here, with a Corpus that reads the index file itself (what the engine's
 *   thread would do if it held the index) and the texts from the database.
 * The difference is what the trips cost. Then what holding the index in the engine's thread would cost: the
 * file's open time (paid again by the next analysis after a deadline ends that thread) and the memory an
 * open file holds.
 *   npm run bench:trips [-- --driver postgres --size 100000 --runs 20]
 */
import { performance } from 'node:perf_hooks'
import { parseArgs } from 'node:util'
import pino from 'pino'
import { createServices } from '~/app'
import { analyzeInvention } from '~/engine/analysis/engine'
import type { Corpus, Invention } from '~/engine/engine-threads'
import { listsWithSummaries, withSummaries } from '~/engine/patent-index'
import { ensureIndexFile, indexDir } from '~/engine/prior-art/build-index'
import { IndexFile } from '~/engine/prior-art/index-file'
import * as worker from '~/engine/prior-art/index-worker'
import * as repo from '~/engine/prior-art/prior-art.repo'
import { benchConfig, benchDatabase, twoThousandWords } from './corpus'
import { percentile } from './stats'

const { values } = parseArgs({
  options: {
    driver: { type: 'string', default: 'pglite' },
    size: { type: 'string', default: '100000' },
    runs: { type: 'string', default: '20' },
  },
})

const { database, shipped } = await benchDatabase(values.driver, Number(values.size))
const config = benchConfig()
const services = createServices({ config, database, log: pino({ level: 'silent' }) })
await services.priorArt.warm()
await services.analysis.warm()
const { file } = await ensureIndexFile({ db: database.db, dir: indexDir(config.dataDir) })

/** The index's answers computed in this thread, as the index's thread computes them (index-worker.ts). */
const inThread: Corpus = {
  weigh: async (texts) =>
    worker.weigh({ file, texts }).map(({ weights, words, terms, corpusSize }) => ({
      weights: new Map(weights),
      words: new Map(words),
      terms: new Map(terms),
      corpusSize,
    })),
  async similar(text, cutOff) {
    const { considered, ranked } = worker.similar({ file, text, cutOff })
    return { considered, ranked: await withSummaries(database.db, ranked) }
  },
  closest: async (texts, cutOff) => listsWithSummaries(database.db, worker.closest({ file, texts, cutOff })),
  activity: async (words) => worker.activity({ file, words }),
  texts: (references) => repo.findTexts(database.db, references),
}

/** Counts the questions an analysis asks, passing them on. */
function counted(corpus: Corpus) {
  const asked = { questions: 0 }
  const count =
    <A extends unknown[], R>(ask: (...args: A) => Promise<R>) =>
    (...args: A) => {
      asked.questions++
      return ask(...args)
    }
  const corpusCounted: Corpus = {
    weigh: count(corpus.weigh),
    similar: count(corpus.similar),
    closest: count(corpus.closest),
    activity: count(corpus.activity),
    texts: count(corpus.texts),
  }
  return { asked, corpus: corpusCounted }
}

// Three kinds of input users give: a long description, a line of plain words, formal claims.
const inventions: [string, Invention][] = [
  [
    '2,000-word description',
    {
      title: 'Wireless sensor network for soil moisture',
      description: twoThousandWords(shipped.map((r) => r.description ?? '')),
    },
  ],
  [
    'one line of plain words',
    { title: 'Bike light', description: 'a bicycle lamp that gets brighter when a car comes up behind you' },
  ],
  [
    'formal claims',
    {
      title: 'Self-levelling tripod head',
      description: 'A tripod head that levels a camera on uneven ground.',
      claims: (shipped.find((r) => (r.claims?.length ?? 0) >= 12)?.claims ?? []).slice(0, 16),
    },
  ],
]

const line = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b)
  return `p50 ${percentile(sorted, 50).toFixed(0)} ms, p95 ${percentile(sorted, 95).toFixed(0)} ms`
}

console.log(
  `${values.driver}, ${Number(values.size).toLocaleString('en-GB')} patents, ${values.runs} runs each:`,
)
const { priorArt } = services
const port = counted(priorArt)
const local = counted(inThread)
for (const [name, invention] of inventions) {
  const times = { port: [] as number[], local: [] as number[] }
  // Each way once untimed: the engine's thread is warm (analysis.warm), this thread's engine code not yet.
  await services.engine.analyze(invention, port.corpus)
  await analyzeInvention(invention, local.corpus)
  port.asked.questions = 0
  for (let i = 0; i < Number(values.runs); i++) {
    let started = performance.now()
    await services.engine.analyze(invention, port.corpus)
    times.port.push(performance.now() - started)
    started = performance.now()
    await analyzeInvention(invention, local.corpus)
    times.local.push(performance.now() - started)
  }
  console.log(
    `  ${name} (${port.asked.questions / Number(values.runs)} questions): through the threads ${line(times.port)}; in one thread ${line(times.local)}`,
  )
}

// What the engine's thread would hold, and open again after every deadline: the index file.
global.gc?.()
const before = process.memoryUsage()
const opened = performance.now()
const index = IndexFile.open(file)
const openMs = performance.now() - opened
global.gc?.()
const after = process.memoryUsage()
const mb = (key: 'heapUsed' | 'arrayBuffers') => ((after[key] - before[key]) / 1024 / 1024).toFixed(0)
console.log(
  `  the index file opened once more in a thread: ${openMs.toFixed(0)} ms, ${mb('heapUsed')} MB of heap and ${mb('arrayBuffers')} MB of buffers (${index.size.toLocaleString('en-GB')} patents)`,
)
index.close()
await services.engine.close()
await services.priorArt.close()
await database.close()
