import type { InjectOptions } from 'fastify'

/** The public analysis as a browser posts it: a multipart form of text fields, from `ip` when given. */
export function analysisRequest(fields: Record<string, string>, ip?: string): InjectOptions {
  const boundary = `----analysis${Math.random().toString(16).slice(2)}`
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  )
  return {
    method: 'POST',
    url: '/api/public/patents/comprehensive-analysis',
    payload: Buffer.from(`${parts.join('')}--${boundary}--\r\n`),
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      ...(ip ? { 'x-forwarded-for': ip } : {}),
    },
  }
}
