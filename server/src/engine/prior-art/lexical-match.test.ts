import pino from 'pino'
import { describe, expect, it } from 'vitest'
import { ensureCorpusLoaded } from '~/features/patents/corpus'
import { countTerms } from '~/shared/terms'
import { namedRecordsCorpus } from '~/test/small-corpus'
import { buildTestApp } from '~/test/test-app'
import { Bm25fIndex } from './bm25f'
import fixture from './lexical-match.fixture.json' with { type: 'json' }
import { FIRST_STAGE, PARAMS } from './params'
import { Bm25fBuilder } from './postings-builder'
import { featuresOf, prepareQuery, queryStyle, rerankOrder, rerankScore } from './rerank'

/**
 * A fixed corpus of 150 shipped patents (those the whole corpus's first stage ranks first for the query) and
 * a search line in everyday words: textbook BM25 ranks the patent it describes first, the everyday model
 * alone twelfth, out of the analysis' ten (docs/decisions/0032).
 */
const { query, patent } = fixture
const corpus = await namedRecordsCorpus(fixture.corpus)
const t = await buildTestApp()
await ensureCorpusLoaded(t.database, pino({ level: 'silent' }), corpus.dir)

/** The candidates' scores each way, over the corpus indexed in memory, and the patent's rank by each. */
function ranksInMemory() {
  const builder = new Bm25fBuilder()
  const fieldIds = corpus.records.map((record) =>
    builder.add({
      title: record.title,
      abstract: record.abstract ?? '',
      claims: record.claims.join('\n'),
      description: record.description ?? '',
    }),
  )
  const built = builder.build([PARAMS])
  const index = Bm25fIndex.inMemory(built)
  const prepared = prepareQuery(index, query)
  const candidates = index
    .candidates(prepared.counts, PARAMS, FIRST_STAGE.depth, FIRST_STAGE.titleDepth)
    .map((candidate) => ({
      ...candidate,
      fields: (fieldIds[candidate.doc] ?? []).map((ids) =>
        Array.from(ids, (id) => built.terms[id] as string),
      ),
    }))
  const top = candidates[0]?.score ?? 0
  const target = candidates.findIndex((c) => corpus.records[c.doc]?.reference === patent)
  const rankBy = (scores: number[]) => scores.filter((s) => s > (scores[target] as number)).length
  return {
    textbook: rankBy(
      candidates.map((c) => index.textbookScore(prepared.counts, countTerms(c.fields.flat()), c.doc)),
    ),
    model: rankBy(
      candidates.map((c, rank) => rerankScore(featuresOf(index, prepared, c, rank, top), 'everyday')),
    ),
    fused: rerankOrder(index, prepared, queryStyle(query), candidates).order.indexOf(target),
  }
}

describe('a strong lexical match', () => {
  it('is kept among the ten when the reranker alone would drop it', () => {
    expect(queryStyle(query)).toBe('everyday')
    const ranks = ranksInMemory()
    expect(ranks.textbook, 'textbook BM25 ranks it first').toBe(0)
    expect(ranks.model, 'the model alone drops it').toBeGreaterThanOrEqual(10)
    expect(ranks.fused).toBeLessThan(10)
  })

  it('is among the patent index’s first ten for the analysis', async () => {
    const { ranked } = await t.services.priorArt.similar(query)
    const rank = ranked.findIndex((r) => r.reference === patent)
    expect(rank).toBeGreaterThanOrEqual(0)
    expect(rank).toBeLessThan(10)
  })
})
