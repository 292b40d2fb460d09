/**
 * Hostile documents against a real server, started as `npm start` starts it on an empty data folder
 * (the shipped corpus loaded on first start; `--corpus none` skips that for a quick run), or on a fresh
 * PostgreSQL database with `--database-url postgres://…/postgres` (a database of its own, dropped after).
 * Each document goes to the public analysis, which needs no login, while a second client asks
 * `/api/health` every 20 ms; then descriptions built to make text processing slow (a claim of commas,
 * " and" repeated, bare line breaks, nested brackets, …), each at the description's length limit.
 * Printed per request: the answer, its time, the slowest health answer meanwhile, and the server's peak
 * RSS while it was read above its resident size just before (VmHWM is reset through
 * /proc/<pid>/clear_refs; worker threads live in the same process, so their memory counts).
 * Then all the hostile documents at once, and the p95 of every health answer of the run.
 * Targets (issues 11, 23): every answer within 10 s, health p95 < 100 ms, peak growth < 600 MB. The
 * per-address analysis limit is raised so the bench is not rate limited.
 *   npm run bench:hostile [-- --corpus none] [-- --database-url postgres://postgres@127.0.0.1:5432/postgres]
 */
import fs from 'node:fs'
import { performance } from 'node:perf_hooks'
import { parseArgs } from 'node:util'
import { analysisLimits } from '@patentdesk/contract/analysis'
import { pdfWithText } from '~/test/files'
import {
  corruptPdf,
  docxBomb,
  garbageJpeg,
  hugePng,
  jpegWithGarbageData,
  manyPagesPdf,
  pdfStreamBomb,
  truncatedPng,
} from '~/test/hostile-files'
import { benchPort, launchServer, waitForHealth } from './server'
import { percentile } from './stats'

const { values } = parseArgs({
  options: { corpus: { type: 'string', default: 'auto' }, 'database-url': { type: 'string' } },
})

const base = `http://127.0.0.1:${benchPort}`

/** A document sent with an ordinary description, or a description alone. */
type Sample = { name: string; fileName?: string; bytes?: Buffer; description?: string }

const description = 'A tripod head with a damped pendulum and a friction clutch that keeps a camera level.'
const maxLength = analysisLimits.description.max

/** Descriptions that make text processing slow where a pattern backtracks or a loop is quadratic. */
function textSamples(): Sample[] {
  const claim = 'A widget.\n\nClaims:\n1. A widget comprising a lever '
  const families: [string, string][] = [
    ['"," × N inside a claim', `${claim}${','.repeat(maxLength - claim.length - 1)}x`],
    ['" and" × N', ' and'.repeat(Math.floor(maxLength / 4))],
    ['"\\n" × N', '\n'.repeat(maxLength)],
    ['"x" + "\\n" × N + "x"', `x${'\n'.repeat(maxLength - 2)}x`],
    ['"a" × N + "!"', `${'a'.repeat(maxLength - 1)}!`],
    ['"((" × N', '(('.repeat(maxLength / 2)],
    ['" " × N', ' '.repeat(maxLength)],
  ]
  return families.map(([name, text]) => ({ name: `text: ${name}`, description: text }))
}

async function samples(): Promise<Sample[]> {
  return [
    {
      name: 'valid 1-page PDF (baseline)',
      fileName: 'spec.pdf',
      bytes: pdfWithText('A damped pendulum levels the head.'),
    },
    { name: '100-byte JPEG, then garbage', fileName: 'photo.jpg', bytes: garbageJpeg() },
    { name: 'JPEG, whole header, garbage data', fileName: 'photo.jpg', bytes: jpegWithGarbageData() },
    { name: 'PNG cut off in its header', fileName: 'scan.png', bytes: truncatedPng() },
    { name: 'PNG 20000 × 20000 (valid)', fileName: 'scan.png', bytes: await hugePng(20_000, 20_000) },
    { name: 'DOCX, 400 MB of markup', fileName: 'bomb.docx', bytes: await docxBomb(400 * 1024 * 1024) },
    {
      name: 'DOCX bomb, lying directory',
      fileName: 'bomb.docx',
      bytes: await docxBomb(400 * 1024 * 1024, { lie: true }),
    },
    {
      name: 'DOCX, main part word/main.bin 1 GB',
      fileName: 'bomb.docx',
      bytes: await docxBomb(1 << 30, { part: 'word/main.bin', lie: true }),
    },
    {
      name: 'DOCX, styles part of odd name 1 GB',
      fileName: 'bomb.docx',
      bytes: await docxBomb(1 << 30, { part: 'word/s~t.yl', styles: true }),
    },
    { name: 'PDF, content stream 1 GB', fileName: 'bomb.pdf', bytes: await pdfStreamBomb(1 << 30) },
    { name: 'PDF of 3,000 pages', fileName: 'long.pdf', bytes: await manyPagesPdf(3000) },
    { name: 'corrupt PDF', fileName: 'broken.pdf', bytes: corruptPdf() },
  ]
}

/** Resident and peak resident memory of a process, in MB (Linux /proc). */
function memory(pid: number) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0)
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 }
}

/** Starts a new peak: from here VmHWM is the peak since now (Linux 4.0 on). */
function resetPeak(pid: number) {
  fs.writeFileSync(`/proc/${pid}/clear_refs`, '5')
  return memory(pid).rss
}

/** Asks /api/health every 20 ms until stopped; the answer times in ms. */
function pingHealth() {
  const times: number[] = []
  let running = true
  const loop = (async () => {
    while (running) {
      const start = performance.now()
      await fetch(`${base}/api/health`).then((r) => r.arrayBuffer())
      times.push(performance.now() - start)
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
  })()
  return async () => {
    running = false
    await loop
    return times.sort((a, b) => a - b)
  }
}

/**
 * The multipart body written out, as curl would send it: FormData would turn each "\n" of a field into
 * "\r\n", doubling the line-break families past the description's limit.
 */
function analyse(sample: Sample) {
  const boundary = `----hostile${Math.random().toString(16).slice(2)}`
  const field = (name: string, value: string) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
  const parts = [
    field('title', 'Self-levelling tripod head'),
    field('description', sample.description ?? description),
  ]
  if (sample.bytes) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="document"; filename="${sample.fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      Buffer.from(sample.bytes),
      Buffer.from('\r\n'),
    )
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`))
  return fetch(`${base}/api/public/patents/comprehensive-analysis`, {
    method: 'POST',
    body: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  })
}

const ms = (value: number) => `${Math.round(value)} ms`

/** Sends `send` while pinging health; the answer, its time, the health times and the peak growth. */
async function measure<T>(pid: number, send: () => Promise<T>) {
  const before = resetPeak(pid)
  const stop = pingHealth()
  const start = performance.now()
  const answer = await send()
  const took = performance.now() - start
  const health = await stop()
  return { answer, took, health, growth: memory(pid).peak - before }
}

async function main() {
  const documents = [...(await samples()), ...textSamples()]
  const { server, driver, stop } = await launchServer('hostile', {
    postgresUrl: values['database-url'],
    corpus: values.corpus,
    env: { ANALYSIS_PER_MINUTE: '100000' },
  })
  try {
    const startup = await waitForHealth(server, base)
    const pid = server.pid as number
    // One analysis first, so the engine's and the reader's one-time start-up is not counted as growth.
    await (await analyse(documents[0] as Sample)).arrayBuffer()
    console.log(
      `server ready in ${ms(startup)} (${driver}, corpus: ${values.corpus}); resident ${Math.round(memory(pid).rss)} MB`,
    )
    console.log('document                            | answer | time     | health max | peak growth')
    const everyHealth: number[] = []
    const slow: string[] = []
    let maxGrowth = 0
    for (const sample of documents) {
      const run = await measure(pid, async () => {
        const response = await analyse(sample)
        return { status: response.status, body: (await response.json()) as { message?: string } }
      })
      everyHealth.push(...run.health)
      if (run.took > 10_000) slow.push(sample.name)
      maxGrowth = Math.max(maxGrowth, run.growth)
      const row = [
        sample.name.padEnd(35),
        String(run.answer.status).padEnd(6),
        ms(run.took).padEnd(8),
        ms(run.health.at(-1) ?? 0).padEnd(10),
        `${Math.round(run.growth)} MB`,
        run.took > 10_000 ? 'OVER 10 s' : '',
      ]
      console.log(row.join(' | '))
      if (run.answer.status !== 200) console.log(`    ${run.answer.body.message}`)
    }
    const hostile = documents.slice(1).filter((sample) => sample.bytes)
    const burst = await measure(pid, () =>
      Promise.all(hostile.map(async (sample) => (await analyse(sample)).status)),
    )
    everyHealth.push(...burst.health)
    const tally = new Map<number, number>()
    for (const status of burst.answer) tally.set(status, (tally.get(status) ?? 0) + 1)
    const counts = [...tally].map(([status, count]) => `${count}× ${status}`).join(', ')
    console.log(
      `all ${hostile.length} hostile at once: ${counts} in ${ms(burst.took)}; health max ${ms(burst.health.at(-1) ?? 0)}; peak growth ${Math.round(burst.growth)} MB`,
    )
    everyHealth.sort((x, y) => x - y)
    console.log(
      `health over the run: ${everyHealth.length} answers, p50 ${ms(percentile(everyHealth, 50))}, p95 ${ms(percentile(everyHealth, 95))}, max ${ms(everyHealth.at(-1) ?? 0)}`,
    )
    maxGrowth = Math.max(maxGrowth, burst.growth)
    console.log(`largest peak growth: ${Math.round(maxGrowth)} MB (target < 600 MB)`)
    console.log(`answers over 10 s: ${slow.length === 0 ? 'none' : slow.join('; ')}`)
    console.log(`server still answering: ${(await fetch(`${base}/api/health`)).status === 200}`)
  } finally {
    await stop()
  }
}

await main()
