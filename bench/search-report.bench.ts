/**
 * The search report (issue 39) as a user meets it, through POST /api/public/patents/comprehensive-analysis
 * on the real app (`app.inject`), from a fresh start: a fresh database of the shipped corpus (47,000
 * patents), the index built as the server builds it before it listens.
 * 1. near copies: a sibling-free corpus patent's first claim (15 words or more, a seeded draw of up to
 *    --sample), written "1. <claim>" under the patent's title, cut-off today: the share where the patent is
 *    cited X for claim 1, beside the share where it is first among the similar patents;
 * 2. cut-off before the patent: the same texts with priorityDate the day before the patent's earliest date
 *    (its priority date, else its filing date): every cited document, similar patent and chart column whose
 *    earliest date (the corpus rows') is on or after the cut-off is an offender (target none); and how the
 *    novelty score moves (earlier cut-off − today);
 * 3. combinations: patent A's claim 1 with one element (6 words or more, not held by A's text) of claim 1
 *    of a patent B of another classification subclass (CPC, else IPC) added as "…, wherein <element>" or
 *    "…; and <element>": the share where A is cited Y with a document named in combinedWith (also X,
 *    absent, other), and whether B was charted among the first five or found for the element;
 * 4. prior art for a patent: GET /api/public/patents/:reference/prior-art for up to --sample corpus patents
 *    (half with claims): no citation on or after the patent's cut-off, never the patent itself or a member
 *    of its family (one filed between its priority and filing dates may stand as P or E);
 * 5. latency at --size patents (variants added, a fresh app): the public analysis of a 2,000-word
 *    description holding five numbered claims, p50/p95 over --runs after a warm-up, with a usual
 *    priorityDate (2014-06-30) and an early one (2005-06-30) that leaves few documents before it.
 * Each of sections 1-4 prints its requests' p50/p95 at 47,000 patents beside its figures.
 * Shares carry their 95% Wilson interval, means and medians a 95% bootstrap interval, percentiles their
 * distribution-free interval (order statistics).
 *
 *   npm run bench:search-report [-- --driver pglite --size 100000 --runs 20 --sample 300 --seed 39
 *     --sections copies,before,combinations,prior-art,latency]
 */
import { execSync } from 'node:child_process'
import { performance } from 'node:perf_hooks'
import { parseArgs } from 'node:util'
import type { AnalysisResult, Citation } from '@patentdesk/contract/analysis'
import { referenceKey } from '@patentdesk/contract/patent-references'
import type { InjectOptions } from 'fastify'
import pino from 'pino'
import { buildApp } from '~/app'
import { claimFeatures } from '~/engine/analysis/features'
import { analysisRequest } from '~/test/analysis-form'
import { addVariants, benchConfig, benchDatabase, type CorpusRow, twoThousandWords } from './corpus'
import { draw, random, withFirstClaim, withoutSiblings } from './prior-art-draw'
import { percentile } from './stats'

const { values } = parseArgs({
  options: {
    driver: { type: 'string', default: 'postgres' },
    size: { type: 'string', default: '100000' },
    runs: { type: 'string', default: '20' },
    sample: { type: 'string', default: '300' },
    seed: { type: 'string', default: '39' },
    sections: { type: 'string', default: 'copies,before,combinations,prior-art,latency' },
  },
})
const sections = new Set(values.sections.split(','))
const sampleSize = Number(values.sample)
const seed = Number(values.seed)
const benchStarted = performance.now()
// The code measured: its commit, and whether files differed from it.
console.log(`at ${execSync('git describe --always --dirty', { encoding: 'utf8' }).trim()}`)
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(0)} s`

// ---------------------------------------------------------------------------------------------------------
// Intervals

/** The 95% Wilson score interval of `k` successes in `n`. */
function wilson(k: number, n: number, z = 1.96): [number, number] {
  if (n === 0) return [0, 1]
  const p = k / n
  const d = 1 + (z * z) / n
  const centre = (p + (z * z) / (2 * n)) / d
  const half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / d
  return [Math.max(0, centre - half), Math.min(1, centre + half)]
}

/** `0.912 (208/228, 95% CI 0.868–0.942)`. */
function share(k: number, n: number) {
  const [lo, hi] = wilson(k, n)
  return `${n === 0 ? '–' : (k / n).toFixed(3)} (${k}/${n}, 95% CI ${lo.toFixed(3)}–${hi.toFixed(3)})`
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length)
const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2
}

/** `12.3 (95% CI 10.1–14.6)`: a statistic and its bootstrap percentile interval (2,000 seeded resamples). */
function bootstrapped(xs: number[], statistic: (xs: number[]) => number) {
  const next = random(2000)
  const resampled = Array.from({ length: 2000 }, () =>
    statistic(Array.from({ length: xs.length }, () => xs[Math.floor(next() * xs.length)] as number)),
  ).sort((a, b) => a - b)
  return `${statistic(xs).toFixed(1)} (95% CI ${percentile(resampled, 2.5).toFixed(1)}–${percentile(resampled, 97.5).toFixed(1)})`
}

/**
 * The distribution-free 95% interval of the `q` quantile of sorted figures: order statistics j and k with
 * P(K < j) ≤ 2.5% and P(K ≥ k) ≤ 2.5% for K ~ Binomial(n, q); a bound the runs cannot give is open.
 */
function quantileInterval(sorted: number[], q: number) {
  const n = sorted.length
  const cdf: number[] = []
  let pmf = (1 - q) ** n
  let sum = 0
  for (let i = 0; i <= n; i++) {
    sum += pmf
    cdf.push(sum)
    pmf = (pmf * (n - i) * q) / ((i + 1) * (1 - q))
  }
  let lower: number | undefined
  for (let j = 1; j <= n; j++) if ((cdf[j - 1] ?? 0) <= 0.025) lower = j
  let upper: number | undefined
  for (let k = n; k >= 1; k--) if (1 - (cdf[k - 1] ?? 0) <= 0.025) upper = k
  const at = (order: number | undefined) => (order === undefined ? undefined : sorted[order - 1])
  const low = at(lower)
  const high = at(upper)
  return `95% CI ${low === undefined ? '–' : low.toFixed(0)}–${high === undefined ? 'open (more runs needed)' : `${high.toFixed(0)} ms`}`
}

// ---------------------------------------------------------------------------------------------------------
// The corpus's dates and texts

/** A patent's earliest date: its priority date, else its filing date (the earlier of the two when both). */
const earliestOf = (row: Pick<CorpusRow, 'priorityDate' | 'filingDate'> | undefined) =>
  [row?.priorityDate, row?.filingDate].filter((date): date is string => !!date).sort()[0]

const dayBefore = (iso: string) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10)

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim()

const wordsOf = (text: string | null | undefined) => (text ?? '').toLowerCase().match(/[a-z0-9]+/g) ?? []

/** The claim as splitClaims reads one: it must begin "A", "An", "The" or "One". */
const readAsClaim = (claim: string) => /^(a|an|the|one)\b/i.test(claim)

/** The classification subclass a patent is filed in: its first CPC symbol's, else its first IPC symbol's. */
const subclassOf = (row: CorpusRow) =>
  (row.cpc?.[0] ?? row.ipc?.[0] ?? '').replace(/\s+/g, '').slice(0, 4).toUpperCase() || undefined

// ---------------------------------------------------------------------------------------------------------
// A fresh start

const started = performance.now()
const { database, shipped: corpus, imported } = await benchDatabase(values.driver, 0)
console.log(
  `${values.driver}: ${imported.count} shipped patents loaded in ${imported.seconds.toFixed(0)} s (fresh database)`,
)
const byReference = new Map(corpus.map((row) => [row.reference, row]))
const byKey = new Map(corpus.map((row) => [referenceKey(row.reference), row]))
const rowOf = (reference: string) => byReference.get(reference) ?? byKey.get(referenceKey(reference))

/** The server's settings for a benchmark, without the public analysis's limit per address and minute. */
function unlimitedConfig() {
  const config = benchConfig()
  return { ...config, analysis: { ...config.analysis, perMinute: 0 } }
}

async function freshApp() {
  // Errors only: a 500's cause is logged before the benchmark stops on it.
  const built = await buildApp({ config: unlimitedConfig(), database, log: pino({ level: 'error' }) })
  const building = performance.now()
  await built.services.priorArt.warm()
  await built.services.analysis.warm()
  return { ...built, indexSeconds: (performance.now() - building) / 1000 }
}

let { app, indexSeconds } = await freshApp()
console.log(`index built and engine warmed in ${indexSeconds.toFixed(1)} s`)

/** Each request's time in ms, for the section that runs them to print (and empty). */
let timed: number[] = []
const timing = () => {
  const sorted = [...timed].sort((a, b) => a - b)
  timed = []
  return `requests p50 ${percentile(sorted, 50).toFixed(0)} ms, p95 ${percentile(sorted, 95).toFixed(0)} ms, max ${(sorted.at(-1) ?? 0).toFixed(0)} ms over ${sorted.length}`
}
async function timedInject(options: InjectOptions) {
  const begun = performance.now()
  const response = await app.inject(options)
  timed.push(performance.now() - begun)
  return response
}

/** The public analysis as a browser posts it; anything but a 200 stops the benchmark. */
async function analyse(fields: { title: string; description: string; priorityDate?: string }) {
  const response = await timedInject(analysisRequest(fields))
  if (response.statusCode !== 200)
    throw new Error(`the analysis answered ${response.statusCode}: ${response.body.slice(0, 300)}`)
  return response.json() as AnalysisResult
}

const sameReference = (a: string, b: string) => referenceKey(a) === referenceKey(b)
const citationOf = (result: AnalysisResult, reference: string) =>
  result.searchReport?.citations.find((c) => sameReference(c.reference, reference))
const rankOf = (result: AnalysisResult, reference: string) =>
  result.similarPatents.patents.findIndex((p) => sameReference(p.reference, reference))

// The near copies' patents: sibling-free (a continuation's identical claim would compete), a first claim
// of 15 words or more, a seeded draw.
const eligible = withFirstClaim(withoutSiblings(corpus))
const targets = draw(eligible, sampleSize, seed)
const claimOf = (row: CorpusRow) => oneLine(row.claims?.[0] ?? '')
const nearCopyOf = (row: CorpusRow) => ({ title: row.title, description: `1. ${claimOf(row)}` })

// ---------------------------------------------------------------------------------------------------------
// 1. Near copies

const today = new Map<string, AnalysisResult>()
if (sections.has('copies') || sections.has('before')) {
  const since = performance.now()
  let cited = 0
  let first = 0
  let asClaims = 0
  const misses: string[] = []
  for (const row of targets) {
    const result = await analyse(nearCopyOf(row))
    today.set(row.reference, result)
    if (readAsClaim(claimOf(row))) asClaims++
    const citation = citationOf(result, row.reference)
    const rank = rankOf(result, row.reference)
    if (citation?.category === 'X' && citation.claims.includes(1)) cited++
    else {
      const column = result.similarPatents.patents[rank]?.featureMatches
      const levels = column?.map((m, i) => `${result.analysis.features[i]?.id}:${m.level}(${m.score})`)
      const inFamily = result.searchReport?.citations.find((c) =>
        c.family.some((member) => sameReference(member, row.reference)),
      )
      misses.push(
        `  ${row.reference}: ${citation ? `cited ${citation.category} for claims ${citation.claims.join(',')}` : 'not cited'}; ` +
          `${rank < 0 ? (inFamily ? `in the family of ${inFamily.reference} (${inFamily.category})` : 'not among the similar patents') : `similar #${rank + 1}`}` +
          `${levels ? `; its column ${levels.join(' ')}` : rank >= 0 ? '; not charted' : ''}` +
          `; claims searched ${result.searchReport?.claims.length ?? 0}, features ${result.analysis.features.length}`,
      )
    }
    if (rank === 0) first++
  }
  if (!sections.has('copies')) timed = []
  if (sections.has('copies')) {
    console.log(
      `\n1. near copies (${targets.length} of ${eligible.length} sibling-free patents with a first claim of 15+ words, seed ${seed}; ${asClaims} read as a numbered claim; cut-off today) [${seconds(since)}; ${timing()}]`,
    )
    console.log(`   the patent cited X for claim 1: ${share(cited, targets.length)}  (target ≥ 0.9)`)
    console.log(`   the patent first among the similar patents: ${share(first, targets.length)}`)
    if (misses.length > 0) console.log(`   not cited X for claim 1:\n${misses.join('\n')}`)
  }
}

// ---------------------------------------------------------------------------------------------------------
// 2. Cut-off before the patent

if (sections.has('before')) {
  const since = performance.now()
  const dated = targets.filter((row) => earliestOf(row) !== undefined)
  const offenders: string[] = []
  const moves: number[] = []
  let checked = { citations: 0, similar: 0, columns: 0, undated: 0 }
  let wrongCutOff = 0
  for (const row of dated) {
    const priorityDate = dayBefore(earliestOf(row) as string)
    const result = await analyse({ ...nearCopyOf(row), priorityDate })
    const cutOff = result.searchReport?.cutOff
    if (cutOff?.date !== priorityDate || cutOff.basis !== 'priority date') wrongCutOff++
    const check = (where: keyof typeof checked, reference: string, extra = '') => {
      checked = { ...checked, [where]: checked[where] + 1 }
      const earliest = earliestOf(rowOf(reference))
      if (earliest === undefined) checked.undated++
      else if (earliest >= priorityDate)
        offenders.push(
          `  ${where}: ${reference}${extra} earliest ${earliest} ≥ cut-off ${priorityDate} (analysing ${row.reference})`,
        )
    }
    for (const citation of result.searchReport?.citations ?? [])
      check('citations', citation.reference, ` (${citation.category})`)
    for (const patent of result.similarPatents.patents) {
      check('similar', patent.reference)
      if (patent.featureMatches) check('columns', patent.reference)
    }
    const before = today.get(row.reference)
    if (before) moves.push(result.analysis.noveltyScore - before.analysis.noveltyScore)
  }
  const total = checked.citations + checked.similar + checked.columns
  console.log(
    `\n2. cut-off the day before the patent's earliest date (${dated.length} of the near copies, priorityDate given) [${seconds(since)}; ${timing()}]`,
  )
  console.log(
    `   on or after the cut-off: ${offenders.length} of ${total} checked (${checked.citations} citations, ${checked.similar} similar patents, ${checked.columns} chart columns; ${checked.undated} with no date known); rate ${share(offenders.length, total)}  (target none)`,
  )
  if (offenders.length > 0) console.log(offenders.join('\n'))
  console.log(`   answers whose cut-off is not the priorityDate given: ${wrongCutOff}`)
  console.log(
    `   novelty moves (earlier cut-off − today) over ${moves.length}: mean ${bootstrapped(moves, mean)}, median ${bootstrapped(moves, median)}; up ${moves.filter((m) => m > 0).length}, same ${moves.filter((m) => m === 0).length}, down ${moves.filter((m) => m < 0).length}`,
  )
}

// ---------------------------------------------------------------------------------------------------------
// 3. Combinations

/** Common claim words, left out when asking whether A's text holds an element's words. */
const CLAIM_WORDS = new Set(
  'a an the and or of to in on at by for with from into onto said wherein whereby which that this these those is are be being been having has have each one two first second third least plurality further configured adapted such means thereof therein thereto than when where whether its it between within'.split(
    ' ',
  ),
)
const contentWords = (text: string) => wordsOf(text).filter((w) => w.length > 2 && !CLAIM_WORDS.has(w))

/** The elements of a claim: its clauses between semicolons (or ", and"), after the preamble, 6 words or more. */
function elementsOf(claim: string) {
  // Where the preamble ends, as the engine reads it (units.ts TRANSITION): "having" or "including" only with a colon.
  const transition =
    /\b(?:comprising|comprises|consisting of|consists of)\b(?:\s+the\s+steps\s+of\b)?\s*:?|\b(?:including|includes|having)\s*:/i.exec(
      claim,
    )
  const body = transition ? claim.slice(transition.index + transition[0].length) : claim
  return (
    body
      .split(/;|,\s+and\s+(?=(?:a|an|the|said|at least|one or more)\b)/i)
      .map((piece) =>
        oneLine(piece)
          .replace(/^(?:\(?[a-z0-9]{1,4}\)\s*|and\s+|or\s+|wherein\s+|whereby\s+)+/i, '')
          .replace(/[\s.,;:]+$/, ''),
      )
      // An element holding a colon straddles a nested list ("…, comprising: a valve"): not one element.
      .filter((element) => wordsOf(element).length >= 6 && !/\bclaims?\s+\d|:/i.test(element))
  )
}

const fullText = (row: CorpusRow) =>
  [row.title, row.abstract, ...(row.claims ?? []), row.description].filter(Boolean).join(' ')

if (sections.has('combinations')) {
  const since = performance.now()
  // A's claim must be read as a numbered claim, so the added element is a feature of claim 1.
  const aDraw = draw(
    eligible.filter((row) => readAsClaim(claimOf(row)) && subclassOf(row)),
    sampleSize,
    seed + 1,
  )
  const bPool = eligible.filter((row) => subclassOf(row))
  const next = random(seed + 2)
  let skipped = { noB: 0, pastFeatures: 0 }
  const outcomes = { Y: 0, X: 0, absent: 0, other: 0 }
  let yWithB = 0
  let bCharted = 0
  let yBCharted = 0
  let bCited = 0
  // Those where B was charted first: the report's own misses, before retrieval's.
  const notY: { bCharted: boolean; line: string }[] = []
  let tried = 0
  let example = ''
  for (const a of aDraw) {
    const aClaim = claimOf(a).replace(/[\s.;,:]+$/, '')
    const aWords = new Set(wordsOf(fullText(a)))
    // B: another subclass, an element of whose claim 1 A's text does not hold (under half its content words).
    let picked: { b: CorpusRow; element: string } | undefined
    for (let attempt = 0; attempt < 60 && !picked; attempt++) {
      const b = bPool[Math.floor(next() * bPool.length)] as CorpusRow
      if (b.reference === a.reference || subclassOf(b) === subclassOf(a)) continue
      const missing = elementsOf(claimOf(b)).filter((element) => {
        const words = contentWords(element)
        return words.length > 0 && words.filter((w) => aWords.has(w)).length / words.length < 0.5
      })
      if (missing.length > 0) picked = { b, element: missing[Math.floor(next() * missing.length)] as string }
    }
    if (!picked) {
      skipped = { ...skipped, noB: skipped.noB + 1 }
      continue
    }
    const { b, element } = picked
    const claim = next() < 0.5 ? `${aClaim}, wherein ${element}.` : `${aClaim}; and ${element}.`
    // The engine reads at most 16 features: an element past them would not be searched at all.
    const own = claimFeatures([aClaim]).length
    if (claimFeatures([claim]).length <= own) {
      skipped = { ...skipped, pastFeatures: skipped.pastFeatures + 1 }
      continue
    }
    tried++
    if (!example) example = `${a.reference} + ${b.reference}: 1. ${claim}`
    const result = await analyse({ title: a.title, description: `1. ${claim}` })
    const citation: Citation | undefined = citationOf(result, a.reference)
    const aRank = rankOf(result, a.reference)
    const bRank = rankOf(result, b.reference)
    const bIsCharted = bRank >= 0 && !!result.similarPatents.patents[bRank]?.featureMatches
    if (bIsCharted) bCharted++
    // B in the report: charted among the first five, or found for the element no charted patent holds.
    const bCitation = citationOf(result, b.reference)
    if (bCitation) bCited++
    if (citation?.category === 'Y' && citation.combinedWith.length > 0) {
      outcomes.Y++
      if (bIsCharted) yBCharted++
      if (citation.combinedWith.some((r) => sameReference(r, b.reference))) yWithB++
      continue
    }
    if (citation?.category === 'X') outcomes.X++
    else if (!citation) outcomes.absent++
    else outcomes.other++
    // The added element's features: those after A's own (an element may be read as more than one).
    const features = result.analysis.features
    const added = features.flatMap((feature, i) => (i >= own ? [{ feature, i }] : []))
    const aColumn = result.similarPatents.patents[aRank]?.featureMatches
    const charted = result.similarPatents.patents.filter((p) => p.featureMatches)
    const addedFound = added.filter(({ i }) => charted.some((p) => p.featureMatches?.[i]?.level === 'found'))
    notY.push({
      bCharted: bIsCharted,
      line:
        `  ${a.reference} (${subclassOf(a)}) + ${b.reference} (${subclassOf(b)}): A ${citation ? `cited ${citation.category}${citation.combinedWith.length > 0 ? ` with ${citation.combinedWith.join(',')}` : ''}` : 'not cited'}, similar #${aRank + 1}; B ${bRank < 0 ? 'not listed' : `similar #${bRank + 1}`}${bCitation ? ` cited ${bCitation.category}` : ', not cited'}; ` +
        `added element read as ${added.map(({ feature, i }) => `${feature.id} (in A: ${aColumn?.[i]?.level ?? '–'} ${aColumn?.[i]?.score ?? ''})`).join(', ')}, ` +
        `found by a charted document: ${addedFound.length}/${added.length}; A's own features found in A: ${aColumn ? aColumn.slice(0, own).filter((m) => m.level === 'found').length : 0}/${Math.min(own, features.length)}`,
    })
  }
  console.log(
    `\n3. combinations (${tried} claims: A's claim 1 + an element of B's claim 1, B of another subclass, seed ${seed + 1}; skipped ${skipped.noB} with no B found, ${skipped.pastFeatures} whose element would be past the 16 features) [${seconds(since)}; ${timing()}]`,
  )
  console.log(`   e.g. ${example.slice(0, 400)}${example.length > 400 ? '…' : ''}`)
  console.log(`   A cited Y with combinedWith naming a document: ${share(outcomes.Y, tried)}  (aim ≥ 0.6)`)
  console.log(`     of which combined with B itself: ${share(yWithB, outcomes.Y)}`)
  console.log(`   A cited X: ${share(outcomes.X, tried)}`)
  console.log(`   A not cited: ${share(outcomes.absent, tried)}`)
  console.log(`   A cited otherwise (A, E, P, or Y with no document named): ${share(outcomes.other, tried)}`)
  console.log(`   B charted among the first five similar patents: ${share(bCharted, tried)}`)
  console.log(`   B cited in the report (charted, or found for the element): ${share(bCited, tried)}`)
  console.log(
    `     A cited Y where B is charted: ${share(yBCharted, bCharted)}; where it is not: ${share(outcomes.Y - yBCharted, tried - bCharted)}`,
  )
  if (notY.length > 0)
    console.log(
      `   not cited Y (B charted first):\n${[
        ...notY.filter((n) => n.bCharted),
        ...notY.filter((n) => !n.bCharted),
      ]
        .slice(0, 25)
        .map((n) => n.line)
        .join('\n')}${notY.length > 25 ? `\n  … and ${notY.length - 25} more` : ''}`,
    )
}

// ---------------------------------------------------------------------------------------------------------
// 4. Prior art for a patent

if (sections.has('prior-art')) {
  const since = performance.now()
  const withClaims = draw(
    corpus.filter((row) => (row.claims ?? []).length > 0 && earliestOf(row)),
    Math.ceil(sampleSize / 2),
    seed + 3,
  )
  const others = draw(
    corpus.filter((row) => (row.claims ?? []).length === 0 && earliestOf(row)),
    sampleSize - withClaims.length,
    seed + 4,
  )
  const patents = [...withClaims, ...others]
  const url = (row: CorpusRow) => `/api/public/patents/${encodeURIComponent(row.reference)}/prior-art`
  const probe = await Promise.all(
    patents.slice(0, 3).map((row) => app.inject({ method: 'GET', url: url(row) })),
  )
  if (probe.every((response) => response.statusCode === 404)) {
    console.log(
      `\n4. prior art for a patent: GET ${url(patents[0] as CorpusRow)} answers 404: the route is not there yet`,
    )
  } else {
    const violations: string[] = []
    const legitimate: string[] = []
    const statuses = new Map<number, number>()
    let answered = 0
    let citations = 0
    let similar = 0
    let similarLate = 0
    let wrongCutOff = 0
    let undated = 0
    let noReport = 0
    for (const row of patents) {
      const response = await timedInject({ method: 'GET', url: url(row) })
      statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1)
      if (response.statusCode !== 200) continue
      answered++
      const result = response.json() as AnalysisResult
      const report = result.searchReport
      if (!report) {
        noReport++
        continue
      }
      const expected = row.priorityDate ?? row.filingDate
      if (report.cutOff.date !== expected) wrongCutOff++
      const cutOff = report.cutOff.date
      const filing = report.cutOff.filingDate ?? cutOff
      const family = new Set([row.reference, ...(row.family ?? []).map((f) => f.reference)].map(referenceKey))
      for (const citation of report.citations) {
        citations++
        if (family.has(referenceKey(citation.reference)))
          violations.push(
            `  ${row.reference}: cites ${citation.reference} (${citation.category}), itself or its family`,
          )
        const earliest = earliestOf(rowOf(citation.reference))
        if (earliest === undefined) undated++
        else if (earliest >= cutOff) {
          const line = `  ${row.reference} (cut-off ${cutOff}${report.cutOff.filingDate ? `, filed ${filing}` : ''}): cites ${citation.reference} ${citation.category}, earliest ${earliest}`
          // One filed between the priority and the filing date may stand as P or E (never X, Y or A).
          if ((citation.category === 'P' || citation.category === 'E') && earliest < filing)
            legitimate.push(line)
          else violations.push(line)
        }
      }
      for (const patent of result.similarPatents.patents) {
        similar++
        if (family.has(referenceKey(patent.reference)))
          violations.push(
            `  ${row.reference}: lists ${patent.reference} among the similar patents, itself or its family`,
          )
        const earliest = earliestOf(rowOf(patent.reference))
        if (earliest !== undefined && earliest >= filing) {
          similarLate++
          violations.push(
            `  ${row.reference} (filed ${filing}): lists ${patent.reference}, earliest ${earliest}`,
          )
        }
      }
    }
    console.log(
      `\n4. prior art for a patent (${patents.length} patents: ${withClaims.length} with claims, ${others.length} without, seed ${seed + 3}/${seed + 4}) [${seconds(since)}; ${timing()}]`,
    )
    console.log(
      `   answers: ${[...statuses].map(([status, n]) => `${status} × ${n}`).join(', ')}; ${noReport} without a search report`,
    )
    console.log(
      `   violations: ${violations.length} (over ${citations} citations and ${similar} similar patents; ${similarLate} similar patents on or after the filing date); rate per citation ${share(violations.length - similarLate, citations)}  (target none)`,
    )
    if (violations.length > 0) console.log(violations.slice(0, 40).join('\n'))
    console.log(
      `   citations on or after the cut-off (priority) date but before the filing date, cited P or E as the rules allow: ${legitimate.length}`,
    )
    if (legitimate.length > 0) console.log(legitimate.slice(0, 10).join('\n'))
    console.log(
      `   answers whose cut-off is not the patent's priority date (else filing date): ${wrongCutOff} of ${answered}; citations with no date known: ${undated}`,
    )
  }
}

// ---------------------------------------------------------------------------------------------------------
// 5. Latency at --size patents

if (sections.has('latency')) {
  await app.close()
  const growing = performance.now()
  const grown = await addVariants(database, corpus, Number(values.size))
  console.log(
    `\ngrown to ${corpus.length + grown.count} patents in ${seconds(growing)} (${grown.perSecond}/s, search vectors not timed)`,
  )
  // A fresh start at this size, as `npm start` gives: new services, the index built before the first request.
  ;({ app, indexSeconds } = await freshApp())
  console.log(`index built and engine warmed in ${indexSeconds.toFixed(1)} s`)
  // Five numbered claims (a patent's first five, the first independent) after a "Claims" heading, the
  // description filling the rest of 2,000 words; the claims of a patent filed before both priority dates, so
  // the report has documents to cite. The early date leaves few documents before it: the index must look
  // further down its candidates, and the features none of them holds are looked for on their own.
  const priorityDates = { usual: '2014-06-30', early: '2005-06-30' }
  const claimed = corpus
    .filter(
      (row) =>
        (row.claims ?? []).length >= 5 &&
        readAsClaim(claimOf(row)) &&
        (earliestOf(row) ?? priorityDates.early) < priorityDates.early,
    )
    .sort((a, b) => a.reference.localeCompare(b.reference))[0] as CorpusRow
  const claims = (claimed.claims ?? []).slice(0, 5).map((claim, i) => `${i + 1}. ${oneLine(claim)}`)
  const claimWords = claims.join(' ').split(/\s+/).length
  const prose = twoThousandWords(corpus.map((r) => r.description ?? ''))
    .split(' ')
    .slice(0, 2000 - claimWords)
    .join(' ')
  const description = `${prose}\n\nClaims\n${claims.join('\n')}`
  const patentCount = corpus.length + grown.count
  console.log(
    `\n5. latency at ${patentCount} patents on ${values.driver}, the public analysis with its report (${description.split(/\s+/).length} words, claims 1-5 of ${claimed.reference}), over ${values.runs} runs after one warm-up:`,
  )
  for (const [name, priorityDate] of Object.entries(priorityDates)) {
    const invention = { title: 'Wireless sensor network for soil moisture', description, priorityDate }
    const warm = await analyse(invention)
    timed = []
    for (let i = 0; i < Number(values.runs); i++) await analyse(invention)
    const times = [...timed].sort((a, b) => a - b)
    timed = []
    console.log(
      `   priorityDate ${priorityDate}${name === 'early' ? ' (early: few documents before it)' : ''}: p50 ${percentile(times, 50).toFixed(0)} ms (${quantileInterval(times, 0.5)}), p95 ${percentile(times, 95).toFixed(0)} ms (${quantileInterval(times, 0.95)}), max ${(times.at(-1) ?? 0).toFixed(0)} ms  (target p95 < 1000 ms); ` +
        `${warm.searchReport?.claims.length ?? 0} claims searched, ${warm.searchReport?.citations.length ?? 0} citations`,
    )
  }
}

await app.close()
await database.close()
console.log(`\ndone in ${seconds(benchStarted)} (from the start: ${seconds(started)})`)
