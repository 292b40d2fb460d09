import type pg from 'pg'
import { Gauge, Registry } from 'prom-client'
import type { DocumentReader } from '~/document-reader/document-reader'
import type { PriorArtIndex } from '~/engine/prior-art-index'
import { processMetrics } from '~/shared/metrics'

/**
 * The figures `GET /metrics` serves (the README's Operations section names each): the process's own (shared/metrics.ts)
 * and this app's, read when asked: the PostgreSQL pool, the document readers' queue, the patent index in use.
 */
export function createMetrics({
  pool,
  reader,
  indexInUse,
}: {
  /** PostgreSQL only. */
  pool?: pg.Pool
  reader: Pick<DocumentReader, 'load'>
  indexInUse: PriorArtIndex['inUse']
}) {
  const registry = new Registry()
  new Gauge({
    name: 'patentdesk_db_pool_connections',
    help: 'Connections of the PostgreSQL pool by state: open in all, idle, and requests waiting for one.',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      if (!pool) return
      this.set({ state: 'total' }, pool.totalCount)
      this.set({ state: 'idle' }, pool.idleCount)
      this.set({ state: 'waiting' }, pool.waitingCount)
    },
  })
  new Gauge({
    name: 'patentdesk_document_readers',
    help: 'Uploaded documents being read, and waiting for a reader (the queue).',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const { reading, waiting } = reader.load()
      this.set({ state: 'reading' }, reading)
      this.set({ state: 'waiting' }, waiting)
    },
  })
  new Gauge({
    name: 'patentdesk_patent_index_info',
    help: 'The patent index in use: 1, labelled with the corpus version it holds.',
    labelNames: ['version'] as const,
    registers: [registry],
    collect() {
      this.reset()
      const index = indexInUse()
      if (index) this.set({ version: index.version }, 1)
    },
  })
  new Gauge({
    name: 'patentdesk_patent_index_bytes',
    help: 'The size of the patent index file in use; absent before the first is open.',
    registers: [registry],
    collect() {
      this.reset()
      const bytes = indexInUse()?.bytes
      if (bytes !== undefined) this.set(bytes)
    },
  })

  return {
    contentType: registry.contentType,
    text: () => Registry.merge([processMetrics, registry]).metrics(),
  }
}
