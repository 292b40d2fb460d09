import { type IndexedPatent, IndexFileWriter } from './index-file'

/**
 * A process of its own builds the index file: the build holds every posting in memory for a few seconds,
 * and a process hands all of it back to the system when it exits, where a thread would leave the server's
 * heap and allocator grown (docs/decisions/0014). The server sends `start`, batches of patents, then
 * `finish`; each message is answered once.
 */
export type BuilderMessage =
  | { type: 'start'; path: string; version: string }
  | { type: 'add'; patents: IndexedPatent[] }
  | { type: 'finish' }
export type BuilderAnswer = { ok: true; patents?: number } | { ok: false; error: string }

let writer: IndexFileWriter | undefined
let version = ''

function handle(message: BuilderMessage): BuilderAnswer {
  switch (message.type) {
    case 'start':
      writer = new IndexFileWriter(message.path)
      version = message.version
      return { ok: true }
    case 'add':
      if (!writer) throw new Error('add before start')
      for (const patent of message.patents) writer.add(patent)
      return { ok: true }
    case 'finish': {
      if (!writer) throw new Error('finish before start')
      const { patents } = writer.finish(version)
      writer = undefined
      return { ok: true, patents }
    }
  }
}

process.on('message', (message: BuilderMessage) => {
  let answer: BuilderAnswer
  try {
    answer = handle(message)
  } catch (error) {
    writer?.abort()
    writer = undefined
    answer = { ok: false, error: error instanceof Error ? error.message : String(error) }
  }
  process.send?.(answer)
})
// The server going away ends the build.
process.on('disconnect', () => {
  writer?.abort()
  process.exit(0)
})
