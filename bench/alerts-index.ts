/**
 * bench:alerts's index part (`--mode index`): what matching saved searches against an import costs the
 * patent index, in this process as the server's index thread runs it (percolate.ts), without the database.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { type PercolatedPatent, percolate } from '~/engine/prior-art/percolate'
import { indexedPatent } from '~/engine/prior-art/prior-art.repo'
import { parseRecord } from '~/features/patents/importer'
import type { PatentRecord } from '~/features/patents/patent-record'
import { variantOf } from './corpus'
import { type BenchSavedQuery, printHitDistribution } from './saved-queries'

/** The references of the imported patents begin XA: variants bench:scale's corpus (XS) does not hold. */
export const IMPORT_PREFIX = 'A'

/**
 * Variant `n` of the import into a corpus of `corpus` patents, in the row's shape or in the import file's:
 * the variants after those that grew the corpus (bench/corpus.ts `importVariants` counts them so), under
 * references of their own. The server's path imports these very patents; the index part matches them.
 */
export function importedVariant<T extends Parameters<typeof variantOf>[0][number]>(
  shipped: T[],
  corpus: number,
  n: number,
) {
  return variantOf(shipped, Math.max(0, corpus - shipped.length) + n, IMPORT_PREFIX)
}

/**
 * The imported patents as the percolation reads them (prior-art.repo.ts `percolatedPatents`): each line of
 * the import file read as the CLI's import reads it (importer.ts `parseRecord`), so that this process
 * matches the very patents the server stores.
 */
function percolatedImport(shipped: PatentRecord[], corpus: number, count: number): PercolatedPatent[] {
  return Array.from({ length: count }, (_, n) => {
    const parsed = parseRecord(JSON.stringify(importedVariant(shipped, corpus, n)), n + 1)
    if (!('row' in parsed)) throw new Error(`imported patent ${n}: ${JSON.stringify(parsed.error)}`)
    return { ...indexedPatent(parsed.row), citations: parsed.row.citations ?? [] }
  })
}

/**
 * What the percolation finds for each saved search among the import, in this process: the hits a
 * server must record. Answers the references found per query id, the seconds it took, and the
 * memory at the end.
 */
export function matchInProcess(
  shipped: PatentRecord[],
  queries: BenchSavedQuery[],
  { corpus, imported, run = 1 }: { corpus: number; imported: number; run?: number },
) {
  const patents = percolatedImport(shipped, corpus, imported)
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'patentdesk-alerts-bench-'))
  try {
    const started = performance.now()
    const matched = percolate(path.join(dir, `run-${run}.percolate`), patents, queries)
    const seconds = (performance.now() - started) / 1000
    return {
      found: new Map(matched.map((m) => [m.id, m.references])),
      seconds,
      memory: process.memoryUsage(),
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

const mb = (bytes: number) => (bytes / 2 ** 20).toFixed(0)

/** `runs` percolations of the import, each timed; the hits' distribution of the first. */
export function indexMode(
  shipped: PatentRecord[],
  queries: BenchSavedQuery[],
  { corpus, imported, runs }: { corpus: number; imported: number; runs: number },
) {
  console.log(
    `The index alone: ${queries.length.toLocaleString('en-GB')} saved searches against an import of ` +
      `${imported.toLocaleString('en-GB')} patents (the import into a corpus of ${corpus.toLocaleString('en-GB')}), ${runs} runs:`,
  )
  for (let run = 1; run <= runs; run++) {
    const { found, seconds, memory } = matchInProcess(shipped, queries, { corpus, imported, run })
    const hits = [...found.values()].reduce((sum, references) => sum + references.length, 0)
    console.log(
      `  run ${run}: ${seconds.toFixed(1)} s (${((seconds * 1e6) / queries.length).toFixed(0)} µs a search), ` +
        `${found.size} searches matched ${hits} patents; heap ${mb(memory.heapUsed)} MB, RSS ${mb(memory.rss)} MB`,
    )
    if (run === 1) {
      console.log('  what the searches found:')
      printHitDistribution(
        queries.map((query) => ({ kind: query.kind, hits: found.get(query.id)?.length ?? 0 })),
        imported,
        { byKind: true, indent: '    ' },
      )
    }
  }
}
