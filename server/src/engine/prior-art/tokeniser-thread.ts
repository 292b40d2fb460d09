import { parentPort } from 'node:worker_threads'
import { FIELDS, type FieldTexts } from './bm25f-fields'
import { type FieldTokens, Tokeniser } from './tokeniser'

/** A batch of patents' texts, tokenised: each patent's fields as term ids and breaks, and the terms first met in it. */
export type Tokenised = { tokens: FieldTokens[][]; terms: string[] }

/**
 * The index builder's second core (index-builder.ts): the builder's process sends each batch's texts here
 * and adds the term ids that come back, in the order sent, while this thread tokenises the next batch.
 * One Tokeniser numbers every term, so the ids are those of a build in one thread.
 */
const tokeniser = new Tokeniser()
parentPort?.on('message', (batch: FieldTexts[]) => {
  const known = tokeniser.terms.length
  const tokens = batch.map((texts) => FIELDS.map((field) => tokeniser.tokenise(texts[field])))
  const answer: Tokenised = { tokens, terms: tokeniser.terms.slice(known) }
  parentPort?.postMessage(
    answer,
    tokens.flat().flatMap((t) => [t.ids.buffer as ArrayBuffer, t.breaks.buffer as ArrayBuffer]),
  )
})
