import { BroadcastChannel } from 'node:worker_threads'
import { analysisMessages } from '@patentdesk/contract/analysis'
import pino from 'pino'
import { afterAll, describe, expect, it } from 'vitest'
import { ensureCorpusLoaded } from '~/features/patents/corpus'
import { analysisRequest } from '~/test/analysis-form'
import { HOARDING_TITLE, SPINNING_CHANNEL, SPINNING_TITLE } from '~/test/slow-engine-worker'
import { fixtureCorpus } from '~/test/small-corpus'
import { buildTestApp, json, validApplication } from '~/test/test-app'
import { analyzeInvention, type Corpus } from './analysis/engine'
import { createEngineThreads, engineLanes } from './engine-threads'

// The real engine in its threads, but for one title that loops for ever. The deadline leaves a normal
// analysis room on a busy machine: it counts the engine's own time, a fraction of the 1.7 s an analysis takes
// here at a load of 10 on 2 cores.
const DEADLINE = 3
const t = await buildTestApp({
  engineWorker: new URL('../test/slow-engine-worker.ts', import.meta.url),
  env: { ANALYSIS_TIMEOUT_SECONDS: String(DEADLINE) },
})
await ensureCorpusLoaded(t.database, pino({ level: 'silent' }), (await fixtureCorpus()).dir)
await t.services.priorArt.warm()
const { priorArt } = t.services
const corpus: Corpus = priorArt

const invention = {
  title: 'Self-levelling tripod head',
  description:
    'A tripod head for cameras comprising a pendulum that swings to the vertical and a friction clutch that then locks the head ' +
    'so that the camera stays level on uneven ground. The pendulum is damped by a viscous fluid held in a sealed chamber.',
  claims: [
    'A tripod head comprising a pendulum and a clutch.',
    'The head of claim 1, wherein the clutch is a friction clutch.',
  ],
}

const draft = { title: 'A widget', claims: ['A widget comprising a lever.', 'The gadget of claim 3.'] }

const analyse = (fields: { title: string; description: string }) => t.app.inject(analysisRequest(fields))

/** Resolves when an engine thread has started the test engine's endless loop. */
function spinning() {
  const channel = new BroadcastChannel(SPINNING_CHANNEL)
  return new Promise<void>((resolve) => {
    channel.onmessage = () => {
      channel.close()
      resolve()
    }
  })
}

describe('the analysis engine in its threads', () => {
  it('answers what the engine answers in the server’s own thread', async () => {
    const inThread = await t.services.engine.analyze(invention, corpus)
    expect(inThread.similarPatents.patents.length).toBeGreaterThan(0)
    expect(inThread).toEqual(await analyzeInvention(invention, corpus))
  })

  it('ends an analysis past its deadline with a 422 while the server answers others, then analyses again', async () => {
    const order: string[] = []
    const held = spinning()
    const stuck = analyse({ title: SPINNING_TITLE, description: invention.description }).then((answer) => {
      order.push('analysis')
      return answer
    })
    await held
    // The engine's thread is in its loop now; the server's thread answers the health check meanwhile.
    const health = await t.request('GET', '/api/health')
    order.push('health')
    expect(health.statusCode).toBe(200)
    const answer = await stuck
    expect(order).toEqual(['health', 'analysis'])
    expect(answer.statusCode).toBe(422)
    expect(json(answer)).toEqual({ error: 'UNPROCESSABLE', message: analysisMessages.tooSlow(DEADLINE) })
    // The ended thread is replaced: the next analysis is answered in full.
    const next = await analyse({ title: invention.title, description: invention.description })
    expect(next.statusCode, next.body).toBe(200)
    expect(next.json().similarPatents.patents.length).toBeGreaterThan(0)
  })

  it('gives the administrator’s Generate Analysis the same deadline', async () => {
    const admin = await t.loginAdmin()
    const application = await t.createApplication(admin.token, { ...validApplication, title: SPINNING_TITLE })
    const answer = await t.request('POST', `/api/admin/patents/${application.id}/analysis`, {
      token: admin.token,
    })
    expect(answer.statusCode).toBe(422)
    expect(json(answer).message).toBe(analysisMessages.tooSlow(DEADLINE))
  })

  it('runs the drafting checks in a thread of their own', async () => {
    const user = await t.registerUser()
    const answer = await t.request('POST', '/api/drafting/checks', { token: user.token, body: draft })
    expect(answer.statusCode, answer.body).toBe(200)
    expect(answer.json().issues.length).toBeGreaterThan(0)
  })
})

/** A corpus of no patents, whose first answer waits for `until`. */
const noPatents = (until: Promise<unknown>): Corpus => ({
  weigh: async (texts) => {
    await until
    return texts.map(() => ({ weights: new Map(), words: new Map(), terms: new Map(), corpusSize: 0 }))
  },
  similar: async () => ({ considered: 0, ranked: [] }),
  closest: async (texts: string[]) => texts.map(() => []),
  activity: async () => ({ related: [], all: [] }),
  texts: async () => [],
})

describe('the engine threads’ queue and deadline', () => {
  const engine = createEngineThreads({ dir: t.config.dataDir, timeoutSeconds: 60 })
  afterAll(engine.close)

  it('answers 503 with Retry-After once the thread and its queue are taken, and serves them all after', async () => {
    let release = () => {}
    const gate = new Promise<void>((resolve) => {
      release = resolve
    })
    // A corpus of no patents that answers once the gate opens: the first analysis holds the thread, the
    // next ones wait for it.
    const held = noPatents(gate)
    const { threads, queue } = engineLanes.analysis
    const taken = Array.from({ length: threads + queue }, () => engine.analyze(invention, held))
    const refused = await engine.analyze(invention, held).catch((error: unknown) => error)
    expect(refused).toMatchObject({
      code: 'UNAVAILABLE',
      message: analysisMessages.busy,
      headers: { 'retry-after': '60' },
    })
    release()
    for (const answer of await Promise.all(taken)) expect(answer.similarPatents.patents).toEqual([])
  })

  it('does not count the time the corpus takes to answer (an index rebuild is not the input’s fault)', async () => {
    const quick = createEngineThreads({ dir: t.config.dataDir, timeoutSeconds: 1 })
    try {
      const slowIndex = noPatents(new Promise((resolve) => setTimeout(resolve, 1500)))
      const answer = await quick.analyze(invention, slowIndex)
      expect(answer.similarPatents.patents).toEqual([])
    } finally {
      await quick.close()
    }
  })

  it('warms the analysis service by analysing its fixed invention against the corpus', async () => {
    await expect(t.services.analysis.warm()).resolves.toBeUndefined()
  })

  it('starts the analysis thread when warmed, before any task', async () => {
    // Told by each thread of the announcing engine as it loads (server/src/test/announcing-engine-worker.ts).
    const loaded = new BroadcastChannel('engine-thread-loaded')
    let started = 0
    const one = new Promise<void>((resolve) => {
      loaded.onmessage = () => {
        started++
        resolve()
      }
    })
    const warmed = createEngineThreads({
      dir: t.config.dataDir,
      timeoutSeconds: 60,
      worker: new URL('../test/announcing-engine-worker.ts', import.meta.url),
    })
    try {
      warmed.warm()
      await one
      // The drafting lane starts its thread at its first check, not before.
      await new Promise((resolve) => setTimeout(resolve, 500))
      expect(started).toBe(1)
    } finally {
      loaded.close()
      await warmed.close()
    }
  })

  it('ends the task of a thread that cannot start, instead of leaving it waiting', async () => {
    const broken = createEngineThreads({
      dir: t.config.dataDir,
      timeoutSeconds: 60,
      worker: new URL('../test/broken-engine-worker.ts', import.meta.url),
    })
    try {
      await expect(broken.draftingChecks({ ...draft, abstract: '', description: '' })).rejects.toThrow()
    } finally {
      await broken.close()
    }
  })

  it('ends a thread that runs out of its heap with a 422, and analyses again in a new one', async () => {
    const small = createEngineThreads({
      dir: t.config.dataDir,
      timeoutSeconds: 60,
      memoryMb: 64,
      worker: new URL('../test/slow-engine-worker.ts', import.meta.url),
    })
    try {
      await expect(small.analyze({ ...invention, title: HOARDING_TITLE }, corpus)).rejects.toMatchObject({
        code: 'UNPROCESSABLE',
        message: analysisMessages.tooMuchMemory(64),
      })
      expect((await small.analyze(invention, corpus)).similarPatents.patents.length).toBeGreaterThan(0)
    } finally {
      await small.close()
    }
  })

  it('passes on the corpus’s own failure (a busy index is a 503, not the engine’s fault)', async () => {
    const busy = Object.assign(new Error('busy'), { code: 'UNAVAILABLE' })
    const failing: Corpus = { ...corpus, similar: () => Promise.reject(busy) }
    await expect(engine.analyze(invention, failing)).rejects.toBe(busy)
  })
})
