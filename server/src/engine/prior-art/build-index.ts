import { fork } from 'node:child_process'
import { createHash } from 'node:crypto'
import { once } from 'node:events'
import fs from 'node:fs'
import path from 'node:path'
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '~/db/database'
import { entryCode } from '~/paths'
import type { BuilderAnswer, BuilderMessage } from './index-builder'
import { INDEX_FORMAT, type IndexedPatent } from './index-file'
import { RANKINGS } from './params'
import * as repo from './prior-art.repo'

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
  const child = fork(entryCode('index-builder'), [], {
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

  const reader = batches[Symbol.asyncIterator]()
  // A read that fails while the builder is busy is met when its batch is awaited, not as an unhandled rejection.
  const read = () => {
    const batch = reader.next()
    batch.catch(() => undefined)
    return batch
  }
  let next: Promise<IteratorResult<IndexedPatent[]>> | undefined
  try {
    await ask({ type: 'start', path: file, version })
    // The next batch is read while the builder takes this one: reading is a tenth of the build at a million
    // patents, and the database and the builder each have a core of their own.
    next = read()
    for (let batch = await next; !batch.done; batch = await next) {
      next = read()
      await ask({ type: 'add', patents: batch.value })
    }
    next = undefined
    const { patents = 0 } = await ask({ type: 'finish' })
    return { patents }
  } finally {
    child.removeAllListeners('exit')
    const exited = child.exitCode !== null || child.signalCode !== null ? undefined : once(child, 'exit')
    child.disconnect()
    // The builder drops its unfinished file as it exits: wait for that, so a failed build leaves none.
    await exited
    // A build that failed leaves a read in flight: let it settle, then end the reading.
    if (next)
      await next.then(
        () => reader.return?.(),
        () => undefined,
      )
  }
}

/** The folder of a server's index files. */
export const indexDir = (dataDir: string) => path.join(dataDir, 'index')

/**
 * The file of a corpus version's index: named after it and the rankings it is built for, so a restart on
 * the same corpus finds it and new parameters build a new one.
 */
export const indexFileFor = (dir: string, version: string) =>
  path.join(
    dir,
    `patents-v${INDEX_FORMAT}-${createHash('sha256')
      .update(`${version} ${JSON.stringify(RANKINGS)}`)
      .digest('hex')
      .slice(0, 16)}.index`,
  )

/** The index file of the database's corpus, built first when there is none; its path and corpus version. */
export async function ensureIndexFile({ db, dir, log }: { db: Db; dir: string; log?: FastifyBaseLogger }) {
  const started = Date.now()
  const version = await repo.corpusVersion(db)
  const file = indexFileFor(dir, version)
  fs.mkdirSync(dir, { recursive: true })
  if (!fs.existsSync(file)) {
    const { patents } = await buildIndexFile({ file, version, batches: repo.patentTexts(db) })
    log?.info({ patents, seconds: (Date.now() - started) / 1000 }, 'patent index built')
  }
  return { file, version }
}
