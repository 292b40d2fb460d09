import { randomBytes } from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { buffer } from 'node:stream/consumers'
import { fileRules } from '@patentdesk/contract/file-kinds'
import { afterAll, describe, expect, it } from 'vitest'
import { createTestDatabase } from '~/test/test-database'
import { BlobMissingError, type BlobStorage } from './blob-storage'
import { CHUNK_BYTES, createDatabaseStorage } from './database-storage'
import { createLocalStorage } from './local-storage'

const database = await createTestDatabase()
const root = await fs.mkdtemp(path.join(os.tmpdir(), 'patentdesk-storage-'))
afterAll(async () => {
  await database.close()
  await fs.rm(root, { recursive: true, force: true })
})

let counter = 0
const newKey = () => `applications/${++counter}/${randomBytes(8).toString('hex')}`

/** A stream of `bytes` in pieces of `size`, as a file or an upload arrives. */
const streamOf = (bytes: Buffer, size: number) =>
  Readable.from(
    (function* () {
      for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size)
    })(),
  )

/** Every store keeps this contract; the documents feature relies on nothing else. */
describe.each([
  ['the data folder', () => createLocalStorage(root)],
  ['the database', () => createDatabaseStorage(database.db)],
] as const)('blob storage in %s', (_, create) => {
  const storage: BlobStorage = create()

  it.each([
    ['empty', 0],
    ['one byte', 1],
    ['exactly one chunk', CHUNK_BYTES],
    ['one byte over a chunk', CHUNK_BYTES + 1],
    ['the upload limit', fileRules.upload.maxBytes],
  ])('gives back %s byte for byte, from a buffer and from a stream', async (_, size) => {
    const bytes = randomBytes(size)
    const [fromBuffer, fromStream] = [newKey(), newKey()]
    await storage.put(fromBuffer, bytes)
    await storage.put(fromStream, streamOf(bytes, 100_000))
    expect((await buffer(await storage.get(fromBuffer))).equals(bytes)).toBe(true)
    expect((await buffer(await storage.get(fromStream))).equals(bytes)).toBe(true)
  })

  it('replaces what a key held', async () => {
    const key = newKey()
    await storage.put(key, randomBytes(CHUNK_BYTES * 3))
    const shorter = randomBytes(10)
    await storage.put(key, shorter)
    expect((await buffer(await storage.get(key))).equals(shorter)).toBe(true)
  })

  it('says a blob is missing before streaming, after a removal too; removing twice is fine', async () => {
    const key = newKey()
    await expect(storage.get(key)).rejects.toBeInstanceOf(BlobMissingError)
    await storage.put(key, Buffer.from('x'))
    await storage.remove(key)
    await storage.remove(key)
    await expect(storage.get(key)).rejects.toBeInstanceOf(BlobMissingError)
  })

  it('keeps nothing of a put whose source fails half way', async () => {
    const key = newKey()
    const failing = Readable.from(
      (function* () {
        yield randomBytes(CHUNK_BYTES * 2)
        throw new Error('connection lost')
      })(),
    )
    await expect(storage.put(key, failing)).rejects.toThrow('connection lost')
    await expect(storage.get(key)).rejects.toBeInstanceOf(BlobMissingError)
  })

  it.each(['../escape', 'applications/../../escape', '/absolute', 'a//b', 'a/./b', ''])(
    'refuses the key %j',
    async (key) => {
      await expect(storage.put(key, Buffer.from('x'))).rejects.toThrow('invalid storage key')
      await expect(storage.get(key)).rejects.toThrow('invalid storage key')
      await expect(storage.remove(key)).rejects.toThrow('invalid storage key')
    },
  )
})

describe('the files store during a backup', () => {
  it('keeps removed files until every hold is released, then removes them', async () => {
    const storage = createLocalStorage(path.join(root, 'held'))
    const [first, second] = [newKey(), newKey()]
    await storage.put(first, Buffer.from('one'))
    await storage.put(second, Buffer.from('two'))
    const releaseA = storage.holdRemovals?.() as () => Promise<void>
    const releaseB = storage.holdRemovals?.() as () => Promise<void>
    await storage.remove(first)
    const file = path.join(root, 'held', first)
    await releaseA()
    await releaseA()
    expect(await fs.readFile(file, 'utf8')).toBe('one')
    await releaseB()
    await expect(fs.access(file)).rejects.toThrow()
    // Not held, a removal is at once.
    await storage.remove(second)
    await expect(storage.get(second)).rejects.toBeInstanceOf(BlobMissingError)
  })
})
