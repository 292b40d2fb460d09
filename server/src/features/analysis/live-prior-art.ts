import { liveSourceTexts } from '@patentdesk/contract/analysis'
import { referenceKey } from '@patentdesk/contract/patent-references'
import type { SourceStatus } from '@patentdesk/contract/patents'
import type { SourcePatent, Weighed } from '~/engine/prior-art-index'
import { type OfferedPatent, type PatentSource, SourceError } from '~/providers/patent-sources/types'

/**
 * How long an analysis waits for the live sources, all asked at once: an analysis answers in under a
 * second from the corpus, and a search with its pages takes Google Patents one to three.
 */
export const LIVE_BUDGET_MS = 6000
/** Patents taken from each source: its search, and (SerpApi) this many pages of the account's quota. */
const PER_SOURCE = 5
/** The weightiest words of the invention a source is asked for: enough to name the field, few enough to match. */
const QUERY_WORDS = 5
/** A source that refused for its quota is not asked again for this long. */
const REST_MS = 60 * 60 * 1000
/** A source's answer to one question is kept this long: an analysis run again spends nothing. */
const KEEP_MS = 60 * 60 * 1000
const KEPT_ANSWERS = 200

const clock = (time: number) =>
  new Date(time).toLocaleTimeString('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Europe/London',
  })

/** A patent's date that counts against the cut-off: its earliest priority, else its filing. */
const earliestOf = (patent: OfferedPatent) => patent.priorityDate ?? patent.filingDate

export type LivePriorArt = ReturnType<typeof createLivePriorArt>

/**
 * Prior art from the live sources (Google Patents through SerpApi, the EPO's OPS) for an analysis, beside
 * the corpus: each source asked once with the invention's weightiest words, within one time budget; its
 * patents the corpus does not hold and dated before the cut-off are sent to the engine as visitors, ranked
 * by the same scores and charted like the corpus's. What each source did is said in the answer: used,
 * slow, failed, or resting after a quota refusal (the corpus alone then answers).
 */
export function createLivePriorArt({
  sources,
  held,
  budgetMs = LIVE_BUDGET_MS,
  now = Date.now,
}: {
  sources: PatentSource[]
  /** Which references the corpus holds (their patents are the corpus's, not a visitor's). */
  held: (references: string[]) => Promise<Set<string>>
  budgetMs?: number
  now?: () => number
}) {
  const asking = sources.filter((source) => source.priorArt)
  const restingUntil = new Map<string, number>()
  const kept = new Map<string, { at: number; patents: OfferedPatent[] }>()

  async function ask(source: PatentSource, query: string[], before: string, signal: AbortSignal) {
    const key = `${source.name}\n${query.join(' ')}\n${before}`
    const answer = kept.get(key)
    if (answer && now() - answer.at < KEEP_MS) return answer.patents
    const patents = await (source.priorArt as NonNullable<PatentSource['priorArt']>)({
      query,
      before,
      limit: PER_SOURCE,
      signal,
    })
    kept.delete(key)
    kept.set(key, { at: now(), patents })
    if (kept.size > KEPT_ANSWERS) kept.delete(kept.keys().next().value as string)
    return patents
  }

  /** One source's patents and status; never rejects. */
  async function fromSource(source: PatentSource, query: string[], before: string, signal: AbortSignal) {
    const resting = restingUntil.get(source.name) ?? 0
    if (resting > now()) {
      const status: SourceStatus = {
        name: source.name,
        status: 'skipped',
        message: liveSourceTexts.resting(source.label, clock(resting)),
      }
      return { patents: [], status }
    }
    try {
      return { patents: await ask(source, query, before, signal), status: undefined }
    } catch (error) {
      if (error instanceof SourceError && error.quota) {
        const until = now() + REST_MS
        restingUntil.set(source.name, until)
        return failed(source, liveSourceTexts.quota(source.label, clock(until)))
      }
      if (signal.aborted)
        return failed(source, liveSourceTexts.slow(source.label, Math.round(budgetMs / 1000)))
      const reason = error instanceof Error ? error.message : String(error)
      return failed(source, liveSourceTexts.failed(source.label, reason))
    }
  }

  const failed = (source: PatentSource, message: string) => ({
    patents: [] as OfferedPatent[],
    status: { name: source.name, status: 'failed', message } satisfies SourceStatus,
  })

  return {
    /** Whether any configured source can offer prior art. */
    configured: asking.length > 0,

    /**
     * The sources' patents for an invention (its text weighed against the corpus: `weighed`), filed or with
     * a priority before `before`, that the corpus does not hold; and each source's status.
     */
    async draw(
      weighed: Weighed,
      before: string,
    ): Promise<{ visitors: SourcePatent[]; statuses: SourceStatus[] }> {
      if (asking.length === 0) return { visitors: [], statuses: [] }
      const query = [...weighed.weights]
        .sort((a, b) => b[1] - a[1])
        .slice(0, QUERY_WORDS)
        .map(([term]) => weighed.words.get(term) ?? term)
      const signal = AbortSignal.timeout(budgetMs)
      const answers = await Promise.all(asking.map((source) => fromSource(source, query, before, signal)))
      const offered = answers.flatMap((answer, i) =>
        answer.patents.map((patent) => ({ ...patent, source: (asking[i] as PatentSource).name })),
      )
      const inCorpus = await held(offered.map((patent) => patent.reference))
      const seen = new Set<string>()
      const visitors = offered.filter((patent) => {
        const key = referenceKey(patent.reference)
        const earliest = earliestOf(patent)
        if (inCorpus.has(patent.reference) || seen.has(key) || !earliest || earliest >= before) return false
        seen.add(key)
        return true
      })
      const statuses = answers.map(
        (answer, i): SourceStatus =>
          answer.status ?? {
            name: (asking[i] as PatentSource).name,
            status: 'ok',
            message: liveSourceTexts.used(
              (asking[i] as PatentSource).label,
              visitors.filter((v) => v.source === (asking[i] as PatentSource).name).length,
            ),
          },
      )
      return { visitors: visitors.map(asVisitor), statuses }
    },
  }
}

/** An offered patent as the engine ranks it: its texts in the index's fields. */
function asVisitor(patent: OfferedPatent & { source: string }): SourcePatent {
  return {
    ...patent,
    texts: {
      title: patent.title,
      abstract: patent.abstract ?? '',
      claims: patent.claims.join('\n'),
      description: patent.description ?? '',
    },
  }
}
