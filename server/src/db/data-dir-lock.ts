import fs from 'node:fs'
import path from 'node:path'

function isRunning(pid: number) {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

const lockFileOf = (dir: string) => path.join(dir, '..', `${path.basename(dir)}.lock`)

/** The other running process that holds the folder's database, if any. */
export function dataDirHolder(dir: string) {
  const lockFile = lockFileOf(dir)
  const holder = Number.parseInt(fs.existsSync(lockFile) ? fs.readFileSync(lockFile, 'utf8') : '', 10)
  return holder && holder !== process.pid && isRunning(holder) ? holder : undefined
}

/**
 * PGlite is single-process: a second process opening the same folder would corrupt it. A pid file
 * turns that into a clear error (e.g. running the CLI while the server is up).
 */
export function lockDataDir(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true })
  const lockFile = lockFileOf(dir)
  const holder = dataDirHolder(dir)
  if (holder) {
    throw new Error(
      `The embedded database in ${dir} is in use by process ${holder}. Stop it first (the embedded ` +
        'database serves one process at a time), or set DATABASE_URL to use PostgreSQL.',
    )
  }
  fs.writeFileSync(lockFile, String(process.pid))
  return () => fs.rmSync(lockFile, { force: true })
}
