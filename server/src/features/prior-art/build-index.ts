import { fork } from 'node:child_process'
import type { BuilderAnswer, BuilderMessage } from './index-builder'
import type { IndexedPatent } from './index-file'

/**
 * Builds an index file in a process of its own (index-builder.ts) from batches of patents, sent one at a
 * time so that neither side holds more than a batch of text. Rejects, leaving no file, when the process
 * fails or exits early.
 */
export async function buildIndexFile({
  file,
  version,
  batches,
}: {
  file: string
  version: string
  batches: AsyncIterable<IndexedPatent[]>
}) {
  const child = fork(new URL('./index-builder.mjs', import.meta.url), [], {
    // Plain Node, whatever flags started the server or the test runner.
    execArgv: [],
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  let pending: { resolve: (answer: BuilderAnswer) => void; reject: (error: Error) => void } | undefined
  const ended = (reason: string) => {
    pending?.reject(new Error(`index builder ${reason}`))
    pending = undefined
  }
  child.on('message', (answer: BuilderAnswer) => {
    pending?.resolve(answer)
    pending = undefined
  })
  child.on('exit', (code, signal) => ended(`exited (${signal ?? code})`))
  child.on('error', (error) => ended(`failed: ${error.message}`))

  const ask = (message: BuilderMessage) =>
    new Promise<BuilderAnswer>((resolve, reject) => {
      pending = { resolve, reject }
      child.send(message)
    }).then((answer) => {
      if (!answer.ok) throw new Error(`index builder: ${answer.error}`)
      return answer
    })

  try {
    await ask({ type: 'start', path: file, version })
    for await (const patents of batches) await ask({ type: 'add', patents })
    const { patents = 0 } = await ask({ type: 'finish' })
    return { patents }
  } finally {
    child.removeAllListeners('exit')
    child.disconnect()
  }
}
