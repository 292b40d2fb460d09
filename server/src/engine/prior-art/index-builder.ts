import { Worker } from 'node:worker_threads'
import { entryCode } from '~/paths'
import { type IndexedPatent, IndexFileWriter } from './index-file'
import type { FieldTokens } from './tokeniser'
import type { Tokenised } from './tokeniser-thread'

/**
 * A process of its own builds the index file: the build holds every posting in memory for a few seconds,
 * and a process hands all of it back to the system when it exits, where a thread would leave the server's
 * heap and allocator grown (docs/decisions/0014). The server sends `start`, batches of patents, then
 * `finish`; each message is answered once. A thread of the process tokenises each batch while the process
 * adds the one before to the postings (tokenising was most of a build, 211 of 286 s at a million patents):
 * a batch is answered once the one before it is added, so that the server's next read, this process and
 * its thread each have one batch in hand.
 */
export type BuilderMessage =
  | { type: 'start'; path: string; version: string }
  | { type: 'add'; patents: IndexedPatent[] }
  | { type: 'finish' }
export type BuilderAnswer = { ok: true; patents?: number } | { ok: false; error: string }

/** The tokenising thread: batches sent, answered in the order sent. */
function startTokeniser() {
  const thread = new Worker(entryCode('tokeniser-thread'))
  const waiting: { resolve: (answer: Tokenised) => void; reject: (error: Error) => void }[] = []
  let failed: Error | undefined
  const fail = (error: Error) => {
    failed ??= error
    for (const pending of waiting.splice(0)) pending.reject(error)
  }
  thread.on('message', (answer: Tokenised) => waiting.shift()?.resolve(answer))
  thread.on('error', fail)
  thread.on('exit', (code) => fail(new Error(`the tokenising thread exited (${code})`)))
  return {
    tokenise: (patents: IndexedPatent[]) =>
      new Promise<Tokenised>((resolve, reject) => {
        if (failed) reject(failed)
        else {
          waiting.push({ resolve, reject })
          thread.postMessage(patents.map((patent) => patent.texts))
        }
      }),
    end: () => thread.terminate(),
  }
}

let build:
  | {
      writer: IndexFileWriter
      version: string
      tokeniser: ReturnType<typeof startTokeniser>
      /** Settles once every batch sent so far is added. */
      added: Promise<void>
    }
  | undefined

async function handle(message: BuilderMessage): Promise<BuilderAnswer> {
  if (message.type === 'start') {
    build = {
      writer: new IndexFileWriter(message.path),
      version: message.version,
      tokeniser: startTokeniser(),
      added: Promise.resolve(),
    }
    return { ok: true }
  }
  if (!build) throw new Error(`${message.type} before start`)
  const { writer, tokeniser } = build
  if (message.type === 'add') {
    const { patents } = message
    const tokenised = tokeniser.tokenise(patents)
    // Failing before its turn, it is met in its turn (below): not an unhandled rejection meanwhile.
    tokenised.catch(() => undefined)
    const before = build.added
    build.added = before.then(async () => {
      const { tokens, terms } = await tokenised
      writer.learn(terms)
      for (const [i, patent] of patents.entries()) writer.addTokenised(patent, tokens[i] as FieldTokens[])
    })
    // A batch that fails is met by the next message's answer.
    build.added.catch(() => undefined)
    await before
    return { ok: true }
  }
  await build.added
  const { patents } = writer.finish(build.version)
  await tokeniser.end()
  build = undefined
  return { ok: true, patents }
}

function abort() {
  build?.writer.abort()
  void build?.tokeniser.end()
  build = undefined
}

process.on('message', (message: BuilderMessage) => {
  handle(message).then(
    (answer) => process.send?.(answer),
    (error: unknown) => {
      abort()
      process.send?.({ ok: false, error: error instanceof Error ? error.message : String(error) })
    },
  )
})
// The server going away ends the build.
process.on('disconnect', () => {
  abort()
  process.exit(0)
})
