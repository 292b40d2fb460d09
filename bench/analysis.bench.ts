/**
 * Analysis quality and speed on the shipped corpus (plus variants up to --size):
 * - retrieval: 200 corpus patents spread across it, analysed from their own claims or a 200-word stretch
 *   of their description (never the abstract) under their title's words shuffled; recall@1 and @5 of
 *   the original among similarPatents;
 * - novelty of those near-copies against the same texts once their patent is removed from the corpus;
 * - at --size patents from a fresh start: latency p50/p95 of a 2,000-word description, with and without a
 *   3-page PDF; the health check's and a search's latency over HTTP, idle and while four analyses run.
 *   npm run bench:analysis [-- --driver postgres --size 100000 --runs 20]
 */
import { performance } from 'node:perf_hooks'
import { parseArgs } from 'node:util'
import { eq } from 'drizzle-orm'
import pino from 'pino'
import { buildApp, createServices } from '~/app'
import { patents } from '~/db/schema'
import { analyzePatents } from '~/features/patents/corpus.repo'
import { pdfWithText } from '~/test/files'
import { addVariants, benchConfig, benchDatabase, twoThousandWords } from './corpus'
import { percentile } from './stats'

const { values } = parseArgs({
  options: {
    driver: { type: 'string', default: 'postgres' },
    size: { type: 'string', default: '100000' },
    runs: { type: 'string', default: '20' },
    sample: { type: 'string', default: '200' },
  },
})

/** A deterministic shuffle (mulberry32), so every run analyses the same texts. */
function shuffled<T>(items: T[], seed: number) {
  let state = seed
  const random = () => {
    state = (state + 0x6d2b79f5) | 0
    let t = Math.imul(state ^ (state >>> 15), 1 | state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const copy = [...items]
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1))
    ;[copy[i], copy[j]] = [copy[j] as T, copy[i] as T]
  }
  return copy
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length)

// Quality is measured on the shipped corpus alone: variants copy its records and would compete with them.
const { database, shipped: corpus, imported } = await benchDatabase(values.driver, 0)
console.log(`${values.driver}: ${imported.count} shipped patents`)
const config = benchConfig()
const { analysis } = createServices({ config, database, log: pino({ level: 'silent' }) })

const sampleSize = Number(values.sample)
const step = Math.floor(corpus.length / sampleSize)
const sample = Array.from({ length: sampleSize }, (_, i) => corpus[i * step]).filter((r) => r !== undefined)

/** The patent's claims, or a 200-word stretch of its description; the title's words shuffled. */
function probe(row: (typeof corpus)[number], seed: number) {
  const descriptionWords = (row.description ?? '').split(/\s+/)
  const text =
    row.claims && row.claims.length > 0 ? row.claims.join('\n') : descriptionWords.slice(40, 240).join(' ')
  return { title: shuffled(row.title.split(' '), seed).join(' '), description: text || row.title }
}

let hits1 = 0
let hits5 = 0
const copyNovelty: number[] = []
for (const [i, row] of sample.entries()) {
  const result = await analysis.analyze(probe(row, i + 1))
  const references = result.similarPatents.patents.map((p) => p.reference)
  if (references[0] === row.reference) hits1 += 1
  if (references.slice(0, 5).includes(row.reference)) hits5 += 1
  copyNovelty.push(result.analysis.noveltyScore)
}
console.log(
  `retrieval over ${sample.length} patents: recall@1 ${(hits1 / sample.length).toFixed(3)}, recall@5 ${(hits5 / sample.length).toFixed(3)}`,
)

// The same texts once their patent is gone: inventions absent from the corpus.
const absentSample = sample.slice(0, 50)
for (const row of absentSample) await database.db.delete(patents).where(eq(patents.reference, row.reference))
await analyzePatents(database.db)
const { analysis: afresh } = createServices({ config, database, log: pino({ level: 'silent' }) })
const absentNovelty: number[] = []
for (const [i, row] of absentSample.entries())
  absentNovelty.push((await afresh.analyze(probe(row, i + 1))).analysis.noveltyScore)
console.log(
  `novelty: near-copies mean ${mean(copyNovelty.slice(0, 50)).toFixed(1)} (of the same 50), absent from the corpus mean ${mean(absentNovelty).toFixed(1)}`,
)

const grown = await addVariants(database, corpus, Number(values.size))
// A fresh start at this size, as `npm start` gives: new services, the index built before the first request.
const { app, services } = await buildApp({ config: benchConfig(), database, log: pino({ level: 'silent' }) })
const building = performance.now()
await services.priorArt.warm()
await services.analysis.warm()
console.log(
  `grown to ${corpus.length + grown.count} patents for the latency runs; index built in ${((performance.now() - building) / 1000).toFixed(1)} s`,
)
const address = await app.listen({ port: 0, host: '127.0.0.1' })

const longText = twoThousandWords(corpus.map((r) => r.description ?? ''))
const invention = { title: 'Wireless sensor network for soil moisture', description: longText }
const pdf = pdfWithText(corpus.slice(500, 503).map((r) => (r.description ?? '').slice(0, 2500)))
for (const withPdf of [false, true]) {
  const times: number[] = []
  for (let i = 0; i < Number(values.runs); i++) {
    const started = performance.now()
    await services.analysis.analyze(invention, withPdf ? { fileName: 'spec.pdf', bytes: pdf } : undefined)
    times.push(performance.now() - started)
  }
  times.sort((a, b) => a - b)
  console.log(
    `latency, 2,000-word description${withPdf ? ' + 3-page PDF' : ''}: p50 ${percentile(times, 50).toFixed(0)} ms, p95 ${percentile(times, 95).toFixed(0)} ms`,
  )
}

/** Other requests over HTTP for `ms`, one after another 20 ms apart: the health check and a search. */
async function otherRequests(ms: number) {
  const times = { health: [] as number[], search: [] as number[] }
  const until = performance.now() + ms
  while (performance.now() < until) {
    for (const [name, path] of [
      ['health', '/api/health'],
      ['search', '/api/public/serpapi/patents?q=battery'],
    ] as const) {
      const started = performance.now()
      await (await fetch(`${address}${path}`)).arrayBuffer()
      times[name].push(performance.now() - started)
    }
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  const line = (xs: number[]) => {
    xs.sort((a, b) => a - b)
    return `p50 ${percentile(xs, 50).toFixed(0)} ms, p95 ${percentile(xs, 95).toFixed(0)} ms`
  }
  return `health ${line(times.health)}; search ${line(times.search)}`
}

console.log(`other requests, idle: ${await otherRequests(3000)}`)
let analysing = true
let analyses = 0
const running = Array.from({ length: 4 }, async () => {
  while (analysing) {
    await services.analysis.analyze(invention)
    analyses++
  }
})
const busy = await otherRequests(15_000)
analysing = false
await Promise.all(running)
console.log(`other requests, while four analyses run (${analyses} done in 15 s): ${busy}`)
await app.close()
await database.close()
