import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { buildIndexFile } from './build-index'
import { type IndexedPatent, IndexFileWriter } from './index-file'

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'build-index-'))
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

const patent = (i: number): IndexedPatent => ({
  reference: `GB${i}`,
  // Words first met in later patents too, so that the thread's numbering of terms is put to the test.
  texts: {
    title: `Hinge ${i} model${i % 5}`,
    abstract: `A hinge for a door of oak${i % 3}.`,
    claims: 'A hinge.',
    description: `Pins and leaves, batch ${Math.floor(i / 3)} part${i}.`,
  },
  filingDate: '2020-01-01',
  priorityDate: null,
  publicationDate: '2021-01-01',
  codes: ['E05D'],
  applicants: ['Acme'],
  inventors: ['Ada Lovelace'],
  familyId: null,
  relatives: [],
})

/** Batches of three patents; `failAt` throws instead of reading that batch. What was read and closed. */
function source(batches: number, failAt?: number) {
  const seen = { read: 0, closed: false }
  async function* read() {
    try {
      for (let b = 0; b < batches; b++) {
        if (b === failAt) throw new Error('the database went away')
        seen.read++
        yield [0, 1, 2].map((i) => patent(b * 3 + i))
      }
    } finally {
      seen.closed = true
    }
  }
  return { batches: read(), seen }
}

describe('building an index file in a process of its own', () => {
  it('holds every patent of every batch, the next batch read while the builder takes one', async () => {
    const file = path.join(dir, 'whole.index')
    const { batches, seen } = source(4)
    expect(await buildIndexFile({ file, version: 'v1', batches })).toEqual({ patents: 12 })
    expect(seen).toEqual({ read: 4, closed: true })
    // Tokenised by the builder's thread, the file is the one a build in one thread writes, byte for byte.
    const alone = path.join(dir, 'alone.index')
    const writer = new IndexFileWriter(alone)
    for (let i = 0; i < 12; i++) writer.add(patent(i))
    writer.finish('v1')
    expect(fs.readFileSync(file).equals(fs.readFileSync(alone))).toBe(true)
  })

  it('fails, leaving no file, when reading the patents fails', async () => {
    const file = path.join(dir, 'unread.index')
    const { batches } = source(4, 2)
    await expect(buildIndexFile({ file, version: 'v1', batches })).rejects.toThrow('the database went away')
    expect(fs.readdirSync(dir).filter((name) => name.startsWith('unread'))).toEqual([])
  })

  it('fails, leaving no file, when the builder refuses a batch, and stops reading', async () => {
    const file = path.join(dir, 'refused.index')
    const { batches, seen } = source(10)
    // A patent without texts: the builder's tokeniser throws on it.
    const broken = (async function* () {
      for await (const batch of batches) yield [...batch, { ...patent(99), texts: undefined } as never]
    })()
    await expect(buildIndexFile({ file, version: 'v1', batches: broken })).rejects.toThrow('index builder')
    expect(fs.readdirSync(dir).filter((name) => name.startsWith('refused'))).toEqual([])
    // No more is read than the batches in hand when it failed (the builder's, its thread's and the one
    // read ahead), of ten: the source was closed.
    expect(seen.read).toBeLessThanOrEqual(3)
    expect(seen.closed).toBe(true)
  })
})
