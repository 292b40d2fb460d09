import { fork } from 'node:child_process'
import { once } from 'node:events'
import { loadConfig } from './config'
import { openDatabase } from './db/open'
import { ensureIndexFile, indexDir } from './engine/prior-art/build-index'
import { ensureCorpusLoaded } from './features/patents/corpus'
import { createLogger } from './logger'
import { entryCode } from './paths'

/**
 * What a start prepares before the server opens the database, in a process of its own with the server's
 * settings (its environment): the shipped corpus when it is missing, and the patent index of the corpus
 * when there is no file for it. A first start reads 47,000 patents twice; what a process took, the system
 * gets back when it exits, where the server's allocator and PGlite's WebAssembly memory would keep it
 * (docs/decisions/0015). Later starts only read three rows there. Rejects when the process failed (it
 * logged why).
 */
export async function prepareDataApart() {
  const child = fork(entryCode('prepare-data'), [], { execArgv: [], stdio: 'inherit' })
  const [code, signal] = await once(child, 'exit')
  if (code !== 0) throw new Error(`the data could not be prepared (the process ended with ${signal ?? code})`)
}

/** In that process: open the database, load what is missing, build the index if needed, close. */
export async function prepareData() {
  const config = loadConfig()
  const log = createLogger(config.logLevel)
  try {
    const database = await openDatabase(config)
    try {
      if (config.corpus === 'auto') await ensureCorpusLoaded(database, log, config.corpusDir)
      await ensureIndexFile({ db: database.db, dir: indexDir(config.dataDir), log })
    } finally {
      await database.close()
    }
    return true
  } catch (error) {
    log.error({ err: error }, 'the data could not be prepared')
    return false
  }
}
