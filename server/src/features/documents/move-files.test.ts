import fs from 'node:fs/promises'
import path from 'node:path'
import { buffer } from 'node:stream/consumers'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { patentDocuments } from '~/db/schema'
import { createDatabaseStorage } from '~/providers/storage/database-storage'
import { createLocalStorage } from '~/providers/storage/local-storage'
import { filesFolder } from '~/providers/storage/storage'
import { runCli } from '~/test/cli'
import { multipartBody, samplePdf, samplePng } from '~/test/files'
import { buildTestApp } from '~/test/test-app'
import { moveFiles } from './move-files'

// Documents uploaded while the bytes lived in the data folder, as on a server before the shared store.
const t = await buildTestApp({ env: { STORAGE: 'files' } })
const owner = await t.registerUser()
const application = await t.createApplication(owner.token)
const local = createLocalStorage(filesFolder(t.config.dataDir))
const shared = createDatabaseStorage(t.database.db)

async function upload(name: string, bytes: Buffer) {
  const form = multipartBody({ name, bytes })
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/patents/${application.id}/documents`,
    payload: form.payload,
    headers: { ...form.headers, authorization: `Bearer ${owner.token}` },
  })
  const { id } = response.json() as { id: number }
  const [row] = await t.database.db.select().from(patentDocuments).where(eq(patentDocuments.id, id))
  return row?.storageKey as string
}

const bytesIn = async (storage: typeof shared, key: string) => buffer(await storage.get(key))

describe('move-files', () => {
  it('moves intact files into the database, leaves damaged ones, reports missing ones, and can run again', async () => {
    const intact = await upload('drawing.pdf', samplePdf)
    const damaged = await upload('figure.png', samplePng)
    const lost = await upload('lost.pdf', samplePdf)
    await fs.appendFile(path.join(filesFolder(t.config.dataDir), damaged), 'tampered')
    await local.remove(lost)

    expect(await moveFiles({ db: t.database.db, from: local, to: shared })).toEqual({
      moved: 1,
      bytes: samplePdf.length,
      present: 0,
      missing: [lost],
      damaged: [damaged],
    })
    expect((await bytesIn(shared, intact)).equals(samplePdf)).toBe(true)
    await expect(local.get(intact)).rejects.toThrow()
    expect(await bytesIn(local, damaged)).toHaveLength(samplePng.length + 'tampered'.length)

    expect(await moveFiles({ db: t.database.db, from: local, to: shared })).toEqual({
      moved: 0,
      bytes: 0,
      present: 1,
      missing: [lost],
      damaged: [damaged],
    })
  })

  it.runIf(t.database.driver === 'postgres')(
    'is a CLI command that reports what it moved',
    async () => {
      const key = await upload('claims.pdf', samplePdf)
      const { stdout } = await runCli(t, 'move-files')
      expect(stdout).toContain(
        `Moved 1 files (${samplePdf.length} bytes) from ${filesFolder(t.config.dataDir)} into the database; 1 were there already.`,
      )
      expect((await bytesIn(shared, key)).equals(samplePdf)).toBe(true)
    },
    30_000,
  )
})
