import fs from 'node:fs'
import { readFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import pino from 'pino'
import { afterAll, describe, expect, inject, it } from 'vitest'
import { createDatabase, pgliteDir } from '~/db/client'
import { createLocalStorage } from '~/providers/storage/local-storage'
import { filesFolder } from '~/providers/storage/storage'
import { readArchive } from './archive'
import { BACKUP_PARTS, backupsFolder, createBackupService } from './backup.service'

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'patentdesk-automatic-'))
const opened: Awaited<ReturnType<typeof createDatabase>>[] = []
afterAll(async () => {
  for (const database of opened) await database.close()
  fs.rmSync(dataDir, { recursive: true, force: true })
})

// The embedded database's own backups: with PostgreSQL there are none (backup.test.ts, pg-dump.test.ts).
describe.runIf(process.env.TEST_DRIVER !== 'postgres')('automatic backups', () => {
  // Seconds alone; a machine running a second suite beside this one took more than 30 s. The budget bounds a
  // hang, not the machine's speed.
  it('are written when the newest is old enough, keep the newest few, and each reads back whole', {
    timeout: 120_000,
  }, async () => {
    // A copy of the migrated template in the folder: a few seconds less than PostgreSQL's initdb.
    const dump = new Blob([await readFile(inject('templateDatabase'))])
    const database = await createDatabase({ driver: 'pglite', dir: pgliteDir(dataDir), loadDataDir: dump })
    opened.push(database)
    const storage = createLocalStorage(filesFolder(dataDir))
    await storage.put('applications/1/a', Buffer.from('a document'))
    const backup = createBackupService({ database, storage, dataDir, log: pino({ level: 'silent' }) })
    const folder = backupsFolder(dataDir)
    const listed = () => fs.readdirSync(folder).sort()
    /** The test's clock, `hours` past the real time: a schedule of days in a moment, each backup named apart. */
    const at = (hours: number) => new Date(Date.now() + hours * 3_600_000)
    const settings = { hours: 24, keep: 1 }

    expect(await backup.automatic(settings, at(0))).toBe(1)
    const [first] = listed()
    expect(await backup.automatic(settings, at(0))).toBe(0)
    expect(await backup.automatic(settings, at(23))).toBe(0)
    expect(await backup.automatic(settings, at(25))).toBe(1)
    // The newest only, and nothing left of the snapshot it was made from.
    const kept = listed()
    expect(kept).toHaveLength(1)
    expect(kept).not.toContain(first)
    const [name] = kept as [string]
    expect(name).toMatch(/^patentdesk-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.backup$/)
    const manifest = await readArchive(fs.createReadStream(path.join(folder, name)), BACKUP_PARTS)
    expect(manifest.files.map((f) => f.path)).toContain('files/applications/1/a')
    expect(manifest.files.map((f) => f.path)).toContain('pglite/PG_VERSION')
  })
})
