/**
 * Text from outside costs time in proportion to its length (issue 23). Every function that reads a public
 * field meets the hostile shapes below at a hundredth, a tenth and all of the field's limit, and fails
 * when ten times the text takes more than MAX_GROWTH times as long (linear gives ×10, quadratic ×100), or
 * when the field's limit takes longer than CEILING_MS. A few small sizes first catch an exponential before
 * it can hold the test for hours. It times the pure functions the routes call, not HTTP, in the process's
 * CPU time, which other work on the machine does not inflate as it does the clock, compares the best of
 * a few runs, and measures a growth past the bound again before it fails.
 */

import { PerformanceObserver } from 'node:perf_hooks'
import { AnalysisRequestSchema, analysisLimits } from '@patentdesk/contract/analysis'
import { DraftingCheckBodySchema } from '@patentdesk/contract/drafting'
import { limits } from '@patentdesk/contract/limits'
import { patentLimits } from '@patentdesk/contract/patents'
import { parseSearchQuery } from '@patentdesk/contract/search-query'
import { afterAll, describe, expect, it } from 'vitest'
import { copyText } from '~/db/copy-text'
import { antecedentGaps } from '~/engine/analysis/antecedent'
import { excludedMatterRisks, vagueTerms } from '~/engine/analysis/checks'
import { chartColumn } from '~/engine/analysis/claim-chart'
import { analyzeInvention } from '~/engine/analysis/engine'
import { descriptionFeatures } from '~/engine/analysis/features'
import { claimReferences, splitClaims, wordCount, words } from '~/engine/analysis/text'
import { claimElements, clauseCut, sentences, withoutJoiners } from '~/engine/analysis/units'
import { writtenForms } from '~/engine/analysis/wording'
import { draftingChecks } from '~/engine/drafting/drafting-checks'
import { Tokeniser } from '~/engine/prior-art/tokeniser'
import { readQuery } from '~/shared/query-syntax'
import { spellingsOf } from '~/shared/spelling'
import { surfaceWords, termsOf } from '~/shared/terms'
import { wordCorpus } from '~/test/word-corpus'

/**
 * Linear gives ×10, quadratic ×100. A linear function that allocates a token per character measures up to
 * ×40 between 10,000 and 100,000 characters here (V8 stops collecting its tokens young, on a machine
 * shared with other work); the quadratics this test found measured ×60 to ×240.
 */
const MAX_GROWTH = 50
const CEILING_MS = 2000
/** Times below this are timer and collector noise: a ratio is taken from at least this much. */
const FLOOR_MS = 1
/** A text of a hundred-odd characters that takes this long is growing exponentially. */
const RAMP_BUDGET_MS = 100
const RAMP = [8, 11, 16, 22, 32, 45, 64, 90, 128]

/** `unit` repeated to exactly `length` characters. */
const fill = (unit: string, length: number) =>
  unit.repeat(Math.ceil(Math.max(0, length) / unit.length)).slice(0, Math.max(0, length))

/** Numbered claims, each "k. <text(k)>\n", while they fit in `length` (at most 999, as splitClaims reads). */
function numbered(length: number, text: (k: number) => string, last = '') {
  let out = ''
  for (let k = 1; k <= 999; k++) {
    const claim = `${k}. ${text(k)}\n`
    if (out.length + claim.length + last.length > length) break
    out += claim
  }
  return out + last
}

/** The hostile shapes, each a text of about `n` characters. */
const families: Record<string, (n: number) => string> = {
  commas: (n) => fill(',', n),
  'and and and': (n) => fill(' and', n),
  newlines: (n) => fill('\n', n),
  'letters then !': (n) => `${fill('a', n - 1)}!`,
  'open brackets': (n) => fill('((', n),
  spaces: (n) => fill(' ', n),
  'spaces then x': (n) => `${fill(' ', n - 1)}x`,
  'x, newlines, x': (n) => `x${fill('\n', n - 2)}x`,
  'blank lines of spaces': (n) => fill(' \n ', n),
  'words and commas': (n) => fill('a part, ', n),
  'list marks': (n) => fill('(a) and ', n),
  'claim words': (n) => fill('claim 1 or ', n),
  'figure references': (n) => fill('as shown in fig', n),
  'the the': (n) => fill('the ', n),
  'sentences in a bracket': (n) => `(${fill('see it. Then ', n - 1)}`,
  abbreviations: (n) => fill('as in FIG. The ', n),
  'vague terms and figures': (n) => fill('about 5 mm as in fig. 2 ', n),
  'comma inside a claim': (n) => {
    const head = 'A widget.\n\nClaims:\n1. A widget comprising a lever '
    return `${head}${fill(',', n - head.length - 1)}x`
  },
  'a chain of claims': (n) =>
    numbered(n, (k) =>
      k === 1 ? 'A widget comprising a lever.' : `The widget of claim ${k - 1} with the lever.`,
    ),
  'a claim referring to all': (n) => {
    const head = numbered(Math.min(n / 2, 1000), () => 'A widget comprising a lever.')
    const last = `${(head.match(/\n/g)?.length ?? 0) + 1}. The widget as claimed in claims `
    let list = ''
    for (let k = 1; head.length + last.length + list.length < n; k++) list += `${k}, `
    return `${head}${last}${list}1.`
  },
}

type Subject = { limit: number; run: (text: string) => unknown }

/** Every public field, and the functions its text flows into. */
const subjects: Record<string, Subject> = {
  // The public analysis (no login): title and description, and what the engine makes of them.
  'analysis: description': {
    limit: analysisLimits.description.max,
    run: (text) => analyzeInvention({ title: 'Widget', description: text }, wordCorpus),
  },
  'analysis: title': {
    limit: analysisLimits.title.max,
    run: (text) => analyzeInvention({ title: text, description: 'A widget comprising a lever.' }, wordCorpus),
  },
  'analysis: request schema': {
    limit: analysisLimits.description.max,
    run: (text) => AnalysisRequestSchema.safeParse({ title: text.slice(0, 300), description: text }),
  },
  splitClaims: { limit: analysisLimits.description.max, run: splitClaims },
  sentences: { limit: analysisLimits.description.max, run: sentences },
  claimElements: { limit: analysisLimits.description.max, run: claimElements },
  withoutJoiners: { limit: analysisLimits.description.max, run: withoutJoiners },
  clauseCut: { limit: analysisLimits.description.max, run: (text) => clauseCut(text, 60) },
  'claimReferences and antecedentGaps': {
    limit: analysisLimits.description.max,
    run: (text) => [claimReferences(text, 2), antecedentGaps([text, text])],
  },
  'vagueTerms and excludedMatterRisks': {
    limit: analysisLimits.description.max,
    run: (text) => [vagueTerms(text), excludedMatterRisks(text)],
  },
  'writtenForms, words and wordCount': {
    limit: analysisLimits.description.max,
    run: (text) => [writtenForms(text), words(text), wordCount(text)],
  },
  // The claim chart: the features of a description, and the passages of a patent's stored text (imported
  // from outside) with a feature matched against them.
  'description features': {
    limit: analysisLimits.description.max,
    run: (text) => descriptionFeatures(text, (word) => word.length % 3),
  },
  'claim chart of a patent': {
    limit: analysisLimits.description.max,
    run: (text) =>
      chartColumn([{ id: '1', text: 'a lever', terms: new Map([['lever', 1]]) }], {
        reference: 'X',
        title: text.slice(0, 300),
        abstract: text,
        claims: [text],
        description: text,
      }),
  },
  // An imported record's texts, written for COPY (db/copy-text.ts).
  'COPY text': {
    limit: analysisLimits.description.max,
    run: (text) =>
      copyText(
        [{ title: text, claims: [text, text], family: [{ reference: text }] }],
        [
          { key: 'title', json: false },
          { key: 'claims', json: false },
          { key: 'family', json: true },
        ],
      ),
  },
  'prior-art terms': {
    limit: analysisLimits.description.max,
    run: (text) => [termsOf(text), surfaceWords(text)],
  },
  // An imported patent's text as the index keeps it: its terms with its sentence and paragraph breaks.
  'index tokens and sentence breaks': {
    limit: analysisLimits.description.max,
    run: (text) => new Tokeniser().tokenise(text),
  },
  // The drafting checks, field by field.
  'drafting: title': { limit: limits.title.max, run: (title) => draftingChecks(draft({ title })) },
  'drafting: abstract': {
    limit: limits.abstract.max,
    run: (abstract) => draftingChecks(draft({ abstract, title: 'A widget' })),
  },
  'drafting: description': {
    limit: limits.description.max,
    run: (description) => draftingChecks(draft({ description, claims: ['A widget comprising a lever.'] })),
  },
  'drafting: one claim': {
    limit: limits.claim.max,
    run: (claim) => draftingChecks(draft({ claims: [claim] })),
  },
  'drafting: the claims split from a text': {
    limit: limits.claims.max * 100,
    run: (text) => draftingChecks(draft({ claims: splitClaims(text).claims.slice(0, limits.claims.max) })),
  },
  'drafting: body schema': {
    limit: limits.description.max,
    run: (description) => DraftingCheckBodySchema.safeParse({ description }),
  },
  // The search box.
  'search query': {
    limit: patentLimits.query.max,
    run: (q) => [parseSearchQuery(q), readQuery(q), spellingsOf(q), termsOf(q)],
  },
}

function draft(text: Partial<{ title: string; abstract: string; description: string; claims: string[] }>) {
  return { title: '', abstract: '', description: '', claims: [], ...text }
}

/**
 * The collector's pauses, as they are reported: a run's time is taken without them when comparing sizes.
 * Allocating 100,000 tokens instead of 10,000 moves V8 from collecting a young generation that holds
 * them all to promoting them, a step of ×3–5 in the time a linear function takes; without the pauses
 * the step is gone, and a quadratic's ×100 is not.
 */
const pauses: { start: number; end: number }[] = []
const observer = new PerformanceObserver((list) => {
  for (const entry of list.getEntries())
    pauses.push({ start: entry.startTime, end: entry.startTime + entry.duration })
})
observer.observe({ entryTypes: ['gc'] })
afterAll(() => observer.disconnect())
const tick = () => new Promise((resolve) => setImmediate(resolve))

/** This process's CPU time in ms: what another process's work on the machine does not inflate, as it does the clock. */
const cpuMs = () => {
  const { user, system } = process.cpuUsage()
  return (user + system) / 1000
}

/**
 * The CPU time of one run, and that time less the collector's pauses within it. The pauses are reported
 * on the clock: the run's CPU time is cut by the share of its clock time they took.
 */
async function timed(run: () => unknown) {
  await tick()
  const start = performance.now()
  const cpu = cpuMs()
  await run()
  const ms = cpuMs() - cpu
  const end = performance.now()
  // The observer reports a pause on a later turn of the event loop.
  await tick()
  await tick()
  const paused = pauses
    .filter((pause) => pause.start >= start && pause.start < end)
    .reduce((sum, pause) => sum + Math.min(pause.end, end) - pause.start, 0)
  pauses.length = 0
  const clock = end - start
  return { ms, working: clock > 0 ? ms * Math.max(0, 1 - paused / clock) : ms }
}

/** The best of a few runs (up to five, fewer once they have taken half a second), with and without pauses. */
async function bestOf(run: () => unknown) {
  let ms = Number.POSITIVE_INFINITY
  let working = Number.POSITIVE_INFINITY
  let spent = 0
  for (let i = 0; i < 5 && spent < 500; i++) {
    const time = await timed(run)
    ms = Math.min(ms, time.ms)
    working = Math.min(working, time.working)
    spent += time.ms
  }
  return { ms, working }
}

/** Why `run` is not linear on `family`, or null. */
async function growthProblem({ limit, run }: Subject, family: (n: number) => string) {
  const base = family(0).length
  for (const extra of RAMP) {
    const n = Math.min(limit, base + extra)
    const text = family(n)
    // A pause of the machine's is not an exponential: one that lasts three runs is.
    let ms = Number.POSITIVE_INFINITY
    for (let i = 0; i < 3 && ms > RAMP_BUDGET_MS; i++) ms = Math.min(ms, (await timed(() => run(text))).ms)
    if (ms > RAMP_BUDGET_MS) return `${ms.toFixed(0)} ms at ${n} characters: exponential`
  }
  const figures: string[] = []
  let previous: { text: string; working: number } | undefined
  let growth = 10
  for (const n of [limit / 100, limit / 10, limit].map(Math.round)) {
    // Ten times the text at the growth seen so far, when that would pass the ceiling twice over, is not
    // run: a quadratic at the field's limit would hold the test for minutes.
    const expected = previous === undefined ? 0 : previous.working * Math.max(10, growth)
    if (expected > 2 * CEILING_MS)
      return `would take about ${expected.toFixed(0)} ms at ${n} (${figures.join(', ')})`
    const text = family(n)
    let { ms, working } = await bestOf(() => run(text))
    figures.push(`${n.toLocaleString('en-GB')}: ${ms.toFixed(2)} ms (${working.toFixed(2)} working)`)
    const prior = previous
    if (prior !== undefined) {
      growth = working / Math.max(prior.working, FLOOR_MS)
      // A growth past the bound is measured again, both sizes, twice at most: a quadratic is past it every
      // time, while a moment of the machine's (another process's work in the shared cache) is not.
      for (let again = 0; again < 2 && growth > MAX_GROWTH; again++) {
        const before = (await bestOf(() => run(prior.text))).working
        ;({ ms, working } = await bestOf(() => run(text)))
        growth = Math.min(growth, working / Math.max(before, FLOOR_MS))
        figures.push(`again ${before.toFixed(2)} → ${working.toFixed(2)} working`)
      }
    }
    if (growth > MAX_GROWTH) return `×${growth.toFixed(0)} for ×10 the text (${figures.join(', ')})`
    if (ms > CEILING_MS) return `over ${CEILING_MS} ms (${figures.join(', ')})`
    previous = { text, working }
  }
  return null
}

describe('time on text from outside grows linearly', () => {
  for (const [name, subject] of Object.entries(subjects)) {
    // A subject walks every shape of text at three sizes: seconds alone here, 20 s with a second suite
    // beside it, more when a growth is measured again. The budget bounds a hang, not the machine's speed.
    it(name, { timeout: 300_000 }, async () => {
      const problems: string[] = []
      for (const [shape, family] of Object.entries(families)) {
        const problem = await growthProblem(subject, family)
        if (problem) problems.push(`${shape}: ${problem}`)
      }
      expect(problems).toEqual([])
    })
  }
})
