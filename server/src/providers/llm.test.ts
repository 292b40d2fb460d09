import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, describe, expect, it } from 'vitest'
import { buildTestApp } from '~/test/test-app'

/** Answers as an OpenAI-compatible /chat/completions endpoint does; records the requests. */
const asked: Record<string, unknown>[] = []
let answer: 'good' | 'broken' | 'down' = 'good'
const stub = http.createServer((req, res) => {
  let body = ''
  req.on('data', (chunk) => {
    body += chunk
  })
  req.on('end', () => {
    asked.push(JSON.parse(body))
    if (answer === 'down') {
      res.writeHead(503)
      return res.end()
    }
    const content =
      answer === 'good'
        ? JSON.stringify({
            summary: 'A camera head that levels itself with a damped pendulum.',
            innovations: ['Viscous damping of the levelling pendulum'],
            risksAndChallenges: ['Check pendulum heads already on the market.'],
          })
        : 'not json at all'
    res.writeHead(200, { 'content-type': 'application/json' })
    res.end(
      JSON.stringify({
        id: 'chatcmpl-1',
        object: 'chat.completion',
        choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
      }),
    )
  })
})
await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve))
afterAll(() => new Promise((resolve) => stub.close(resolve)))

const t = await buildTestApp({
  env: {
    LLM_BASE_URL: `http://127.0.0.1:${(stub.address() as AddressInfo).port}/v1`,
    LLM_MODEL: 'stub-model',
  },
})

const analyse = () => {
  const boundary = 'llmtest'
  const field = (name: string, value: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`
  return t.app.inject({
    method: 'POST',
    url: '/api/public/patents/comprehensive-analysis',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: `${field('title', 'Self-levelling tripod head')}${field('description', 'A tripod head with a pendulum damped by a viscous fluid and a friction clutch.')}--${boundary}--\r\n`,
  })
}

describe('LLM refinement', () => {
  it('rewrites summary, innovations and risks with structured output, and names the engine', async () => {
    answer = 'good'
    const result = (await analyse()).json()
    expect(result.engine).toBe('llm:stub-model')
    expect(result.analysis).toMatchObject({
      summary: 'A camera head that levels itself with a damped pendulum.',
      innovations: ['Viscous damping of the levelling pendulum'],
    })
    const request = asked.at(-1) as {
      model: string
      response_format: { type: string }
      messages: { content: string }[]
    }
    expect(request.model).toBe('stub-model')
    expect(request.response_format.type).toBe('json_schema')
    expect(JSON.parse(request.messages[1]?.content ?? '{}')).toHaveProperty('priorArt')
  })

  it.each(['broken', 'down'] as const)(
    'keeps the offline result when the model answer is %s',
    async (mode) => {
      answer = mode
      const result = (await analyse()).json()
      expect(result.engine).toBe('offline')
      expect(result.notes.at(-1)).toMatch(/^The language model could not refine this analysis/)
      expect(result.analysis.summary).toContain('pendulum')
    },
  )
})
