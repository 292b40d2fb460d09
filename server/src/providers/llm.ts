import { z } from 'zod'

/** What the model may rewrite: the prose, grounded in the prior art the offline engine retrieved. */
export const RefinementSchema = z.object({
  summary: z.string().min(1).max(4000),
  innovations: z.array(z.string().min(1).max(1000)).min(1).max(8),
  risksAndChallenges: z.array(z.string().min(1).max(1000)).max(12),
})
export type Refinement = z.infer<typeof RefinementSchema>

export type RefinementInput = {
  title: string
  description: string
  offline: { summary: string; innovations: string[]; risksAndChallenges: string[] }
  priorArt: { reference: string; title: string; abstract: string; similarityScore: number }[]
}

export type Llm = { model: string; refine: (input: RefinementInput) => Promise<Refinement> }

const ChatAnswerSchema = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string().nullable() }) })).min(1),
})

const jsonSchema = z.toJSONSchema(RefinementSchema)

/**
 * Any OpenAI-compatible chat completions endpoint (OpenAI, Ollama, vLLM): structured output validated
 * against RefinementSchema; anything else is an error, and the caller keeps the offline result.
 */
export function createLlm(options: {
  baseUrl: string
  model: string
  apiKey?: string
  timeoutMs?: number
}): Llm {
  return {
    model: options.model,
    async refine(input) {
      const response = await fetch(`${options.baseUrl}/chat/completions`, {
        method: 'POST',
        signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
        headers: {
          'content-type': 'application/json',
          ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
        },
        body: JSON.stringify({
          model: options.model,
          temperature: 0,
          response_format: {
            type: 'json_schema',
            json_schema: { name: 'refinement', schema: jsonSchema, strict: true },
          },
          messages: [
            {
              role: 'system',
              content:
                'You review UK patent applications. Rewrite the summary, the innovations and the risks of the analysis ' +
                'below in clear English for the applicant. Use only the invention text and the prior art given; ' +
                'name prior art by reference. Answer JSON matching the schema.',
            },
            { role: 'user', content: JSON.stringify(input) },
          ],
        }),
      })
      if (!response.ok) throw new Error(`the model answered ${response.status}`)
      const answer = ChatAnswerSchema.parse(await response.json())
      return RefinementSchema.parse(JSON.parse(answer.choices[0]?.message.content ?? ''))
    },
  }
}
