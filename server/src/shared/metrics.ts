import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client'

/**
 * What this process counts, for `GET /metrics` (features/metrics): Node's and the process's own figures,
 * the HTTP answers, and the refusals the features make. Process-wide, like the process figures; what
 * belongs to one app (its pool, queue, index) is read from it when asked (features/metrics/metrics.ts).
 */
export const processMetrics = new Registry()
collectDefaultMetrics({ register: processMetrics })

export const httpRequestDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'Time from the request to the answer, by method, route pattern and status.',
  labelNames: ['method', 'route', 'status_code'] as const,
  // From a cached page to a long analysis or upload.
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  registers: [processMetrics],
})

export const rateLimitRefusals = new Counter({
  name: 'patentdesk_rate_limit_refusals_total',
  help: 'Requests refused with 429 by a rate limit, by limit.',
  labelNames: ['limit'] as const,
  registers: [processMetrics],
})

export const documentReaderRefusals = new Counter({
  name: 'patentdesk_document_reader_refusals_total',
  help: 'Documents refused with 503 because every document reader was busy and the queue full.',
  registers: [processMetrics],
})
