import { performance } from 'node:perf_hooks'
import { setImmediate, setTimeout } from 'node:timers/promises'
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '~/db/database'
import { overLimit } from '~/db/errors'
import { PATENTS_CHANGED } from '~/db/schema'
import { findCorpusState } from './corpus.repo'
import * as repo from './patent-vectors.repo'

/** How often a run waiting for more urgent work looks again. */
const YIELD_MS = 1000

/**
 * The database's own search vectors (patent_vectors), written after the patents by the server rather than
 * computed with each row: an import writes its rows at the speed of COPY, and the vectors, which cost
 * PostgreSQL most of the time an import took, follow in the background (docs/decisions/0028). They serve
 * the database's search, which answers while the patent index is rebuilt; a patent is found there once
 * its vectors are written. `catchUp` writes every missing one when the patents changed since its last
 * run (a load or an import records the change, as for the index), a batch at a time; several servers on
 * one PostgreSQL take turns by a lock, and a restart walks the patents only when they outnumber the
 * vectors. A run waits while this server rebuilds the patent index (`yieldTo`), which would otherwise
 * share a core with it.
 */
export function createPatentVectors({
  db,
  log,
  batch,
  rest = 0,
  yieldTo = () => false,
}: {
  db: Db
  log?: FastifyBaseLogger
  /** Patents vectorised per transaction; on PGlite, every other query waits for one. */
  batch: number
  /**
   * After each batch, a pause of this many times the batch's time: on PGlite, whose one connection every
   * request's queries wait behind, the vectors take a fifth of it and requests the rest.
   */
  rest?: number
  /**
   * Whether more urgent work holds the machine: the patent index being rebuilt after an import, which
   * makes every new patent searchable at once, where the vectors serve only the search meanwhile.
   */
  yieldTo?: () => boolean
}) {
  let doneFor: string | undefined

  /** Writes one batch; a patent PostgreSQL cannot vectorise whole is vectorised without its description. */
  async function write(references: string[]) {
    try {
      return await repo.writeVectors(db, references)
    } catch (error) {
      if (!overLimit(error)) throw error
      for (const reference of references)
        await repo.writeVectors(db, [reference]).catch(async (rowError: unknown) => {
          if (!overLimit(rowError)) throw rowError
          log?.warn({ reference }, 'patent vectorised without its description, which is too long')
          await repo.writeVectors(db, [reference], false)
        })
      return true
    }
  }

  /** Writes every missing vector; answers how many patents it vectorised. */
  async function catchUp(signal?: AbortSignal) {
    const changedAt = (await findCorpusState(db, PATENTS_CHANGED))?.completedAt?.toISOString() ?? 'never'
    if (changedAt === doneFor) return 0
    // A restart on a corpus whose vectors were all written: nothing to walk.
    if (await repo.everyPatentVectorised(db)) {
      doneFor = changedAt
      return 0
    }
    let written = 0
    let after = ''
    for (;;) {
      // PGlite runs each statement on this thread and settles it at once: without a turn of the event loop
      // between batches, a run of a million patents kept the server from even listening for 20 minutes.
      await setImmediate()
      while (yieldTo() && !signal?.aborted) await setTimeout(YIELD_MS)
      if (signal?.aborted) return written
      const started = performance.now()
      const { missing, last } = await repo.windowWithoutVectors(db, after, batch)
      if (last === undefined) break
      // Another server is at it: the next run looks again.
      if (missing.length > 0 && !(await write(missing))) return written
      written += missing.length
      after = last
      if (rest > 0) await setTimeout((performance.now() - started) * rest)
    }
    if (written > 0) await repo.analyzeVectors(db)
    doneFor = changedAt
    return written
  }

  return { catchUp }
}
