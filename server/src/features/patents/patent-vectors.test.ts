import { rm } from 'node:fs/promises'
import { patentMessages } from '@patentdesk/contract/patents'
import { eq, gt, sql } from 'drizzle-orm'
import pino from 'pino'
import { afterAll, describe, expect, it } from 'vitest'
import { rowsOf } from '~/db/rows'
import { patents } from '~/db/schema'
import { firstRecordsCorpus } from '~/test/small-corpus'
import { createTestDatabase } from '~/test/test-database'
import { ensureCorpusLoaded } from './corpus'
import { analyzePatents, insertPatents } from './corpus.repo'
import { countMatches, estimateMatches, searchAllMatches, searchTopCandidates } from './patent-search.repo'
import { createPatentSearch } from './patent-search.service'
import { createPatentVectors } from './patent-vectors'
import { windowWithoutVectors } from './patent-vectors.repo'

const database = await createTestDatabase()
const { db } = database
const corpus = await firstRecordsCorpus(60)
await ensureCorpusLoaded(database, pino({ level: 'silent' }), corpus.dir)
afterAll(async () => {
  await database.close()
  await rm(corpus.dir, { recursive: true, force: true })
})

// Batches of 25: the catch-up goes through several.
const vectors = createPatentVectors({ db, batch: 25 })
// The database's own search: no index, no external source.
const { search } = createPatentSearch({ db, sources: [], publicUrl: 'http://localhost' })
const found = async (q: string) =>
  (await search({ q, page: 1, num: 100, sort: 'relevance', dateType: 'priority' })).patents.map(
    (p) => p.reference,
  )
const [first, second] = await db
  .select()
  .from(patents)
  .where(gt(sql`length(${patents.description})`, 2000))
  .orderBy(patents.reference)
  .limit(2)
if (!first || !second) throw new Error('the corpus did not load')
const without = async () => (await windowWithoutVectors(db, '', 1000)).missing

describe("the database's search vectors, written after the patents", () => {
  it('are missing after a load, so the database search finds nothing until they are written', async () => {
    expect(await without()).toHaveLength(60)
    expect(await found(first.title)).toEqual([])
  })

  it('are written by a catch-up once per change of the patents, and then found', async () => {
    expect(await vectors.catchUp()).toBe(60)
    expect(await without()).toEqual([])
    expect(await found(`"${first.title}"`)).toContain(first.reference)
    // A word of the description alone (weight D) is found too.
    const elsewhere = `${first.title} ${first.abstract} ${first.claims.join(' ')}`.toLowerCase()
    const word = (first.description ?? '')
      .toLowerCase()
      .match(/[a-z]{8,}/g)
      ?.find((w) => !elsewhere.includes(w))
    expect(word).toBeDefined()
    expect(await found(word as string)).toContain(first.reference)
    expect(await vectors.catchUp()).toBe(0)
  })

  it('after a restart, are looked for patent by patent only when the patents outnumber them', async () => {
    let windows = 0
    const restarted = () =>
      createPatentVectors({
        db,
        batch: 25,
        yieldTo: () => {
          windows++
          return false
        },
      })
    expect(await restarted().catchUp()).toBe(0)
    expect(windows).toBe(0)
    await db.execute(sql`delete from patent_vectors where reference = ${first.reference}`)
    expect(await restarted().catchUp()).toBe(1)
    expect(windows).toBeGreaterThan(0)
  })

  it('serve each way the database searches: every match ranked, a pool of candidates, a count and an estimate', async () => {
    const window = { q: first.title, filters: {}, limit: 10, offset: 0 }
    expect((await searchAllMatches(db, window)).map((r) => r.reference)).toContain(first.reference)
    // The pool of a query with many matches: recent title matches and recent matches anywhere.
    expect((await searchTopCandidates(db, window)).map((r) => r.reference)).toContain(first.reference)
    expect(await countMatches(db, first.title, {})).toBeGreaterThan(0)
    expect(await estimateMatches(db, first.title, {})).toBeGreaterThan(0)
  })

  it('find British and American spellings as one word', async () => {
    const spelled = (text: string) =>
      db.update(patents).set({ abstract: text }).where(eq(patents.reference, second.reference))
    for (const [written, asked] of [
      ['A quernstone of grey colour.', 'gray color'],
      ['A quernstone of gray color.', '"grey colour"'],
    ] as const) {
      await spelled(written)
      await analyzePatents(db)
      await vectors.catchUp()
      expect(await found(asked)).toContain(second.reference)
      expect(await found(`quernstone -${asked.split(' ')[1]}`)).toEqual([])
    }
  })

  it('wait while more urgent work holds the machine', async () => {
    await db
      .update(patents)
      .set({ title: 'Quernstone grinder' })
      .where(eq(patents.reference, first.reference))
    await analyzePatents(db)
    let busy = true
    // Asked a second time: the run has waited once for the urgent work, and written nothing.
    let asked = 0
    let askedTwice = () => {}
    const waited = new Promise<void>((resolve) => {
      askedTwice = resolve
    })
    const yieldTo = () => {
      if (++asked === 2) askedTwice()
      return busy
    }
    const run = createPatentVectors({ db, batch: 25, yieldTo }).catchUp()
    await waited
    expect(await without()).toEqual([first.reference])
    busy = false
    expect(await run).toBe(1)
    expect(await without()).toEqual([])
  })

  it('let the server answer between batches', async () => {
    const some = await db.select({ reference: patents.reference }).from(patents).limit(5)
    for (const { reference } of some)
      await db.update(patents).set({ title: 'Orrery gear train' }).where(eq(patents.reference, reference))
    await analyzePatents(db)
    // A turn of the event loop (what a request needs) counted while a run writes, a patent a batch.
    let turns = 0
    let counting = true
    const count = () => {
      turns++
      if (counting) setImmediate(count)
    }
    setImmediate(count)
    const written = await createPatentVectors({ db, batch: 1 }).catchUp()
    counting = false
    expect(written).toBe(5)
    expect(turns).toBeGreaterThan(5)
  })

  it('stop between batches once told to', async () => {
    await db
      .update(patents)
      .set({ title: 'Zymurgical spanner' })
      .where(eq(patents.reference, second.reference))
    await analyzePatents(db)
    const stopped = new AbortController()
    stopped.abort()
    expect(await vectors.catchUp(stopped.signal)).toBe(0)
    expect(await without()).toEqual([second.reference])
  })

  it('of a changed patent are deleted with the change and written again from its new text', async () => {
    expect(await found('zymurgical')).toEqual([])
    expect(await vectors.catchUp()).toBe(1)
    expect(await found('zymurgical')).toEqual([second.reference])
    expect(await found(`"${second.title}"`)).not.toContain(second.reference)
  })

  it("carry their patent's filing date, and a changed date with them, for the most recent matches", async () => {
    const datesDiffering = async () =>
      rowsOf(
        await db.execute(sql`
          select reference from patents p join patent_vectors v using (reference)
          where v.filing_date is distinct from p.filing_date`),
      )
    expect(await datesDiffering()).toEqual([])
    await db.update(patents).set({ filingDate: '2099-01-01' }).where(eq(patents.reference, first.reference))
    await analyzePatents(db)
    expect(await vectors.catchUp()).toBe(1)
    expect(await datesDiffering()).toEqual([])
    const window = { q: first.title, filters: { from: '2098-12-31' }, limit: 10, offset: 0 }
    for (const rows of [await searchTopCandidates(db, window), await searchAllMatches(db, window)])
      expect(rows.map((r) => r.reference)).toEqual([first.reference])
  })

  it('of a description too long for a tsvector leave the description out, and keep the rest', async () => {
    // 120,000 distinct words: more than the megabyte a tsvector holds.
    const words = Array.from({ length: 120_000 }, (_, i) => `w${i.toString(36)}q`)
    const { reference: _, ...rest } = first
    await insertPatents(
      db,
      [{ ...rest, reference: 'XX999', title: 'Quixotic lantern', description: words.join(' ') }],
      'skip',
    )
    await analyzePatents(db)
    expect(await vectors.catchUp()).toBe(1)
    expect(await found('quixotic lantern')).toEqual(['XX999'])
    expect(await found(words[5] as string)).toEqual([])
  })

  it('answer words, phrases, OR and - by relevance, and say plainly what only the index answers', async () => {
    const asked = { q: 'lantern', page: 1, num: 10, sort: 'relevance', dateType: 'priority' } as const
    for (const query of [
      { ...asked, q: 'TI=lantern' },
      { ...asked, q: 'lantern WITH quixotic' },
      { ...asked, sort: 'new' as const },
      { ...asked, dups: 'family' as const },
    ])
      await expect(search(query)).rejects.toMatchObject({
        code: 'UNAVAILABLE',
        message: patentMessages.indexOnly,
      })
    await expect(search({ ...asked, q: '"quixotic lantern" OR zzyzx -ornithopter' })).resolves.toMatchObject({
      totalResults: 1,
    })
  })
})
