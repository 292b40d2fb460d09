import pino from 'pino'
import { describe, expect, it } from 'vitest'
import { ensureCorpusLoaded } from '~/features/patents/corpus'
import { fixtureCorpus } from '~/test/small-corpus'
import { buildTestApp } from '~/test/test-app'
import { patentRuns, sharedRun } from '../../../../bench/written-queries'
import { queryStyle } from './rerank'

const t = await buildTestApp()
const corpus = await fixtureCorpus()
await ensureCorpusLoaded(t.database, pino({ level: 'silent' }), corpus.dir)
await t.services.priorArt.warm()

/** Two patents of the fixture corpus described every way people describe an invention: each must be among the ten similar patents the analysis lists. */
const described = {
  // A ball that rolls itself: its motors' wheels pressed against the inside of its shell.
  US8571781: {
    title: 'Rolling toy',
    plain:
      "My kid's favourite toy is a ball that rolls around the floor by itself while you steer it from a phone. " +
      "Inside the shell there's a little cart with two motors and wheels, and a spring pushes the cart's wheels " +
      'hard up against the inside of the ball so they never slip; when the wheels turn, the whole ball rolls ' +
      "that way. We wanted it to keep its grip on bumps so it doesn't lose control.",
    line: 'robot ball toy rolls itself with motor wheels pressed against the inside of the shell',
    register:
      'A self-moving sphere comprising an internal carriage having motors and wheels, and a spring member urging ' +
      'said wheels against the inner surface of the sphere, whereby rotation of the wheels rolls the sphere in ' +
      'the direction of travel.',
  },
  // A cyclist's bottle that lets the drink out at its bottom.
  US8317058: {
    title: 'Bike bottle',
    plain:
      "When I'm riding my bike I hate tipping my head back and squeezing the bottle to get a drink. So I made " +
      'a bottle that lets the drink out at the base instead: there is a valve down there, you hold it up to your ' +
      'mouth, press the valve with your lips and the drink just runs down on its own. It is shaped to fit my ' +
      'hand and my face so I can sip without slowing down or sitting up.',
    line: 'cycling drink bottle with a valve in the base so you drink without tipping it up',
    register:
      'A beverage container for a cyclist, having a valve at its lower end through which the liquid flows by ' +
      'gravity when the valve is opened by the mouth, the container being shaped with grip recesses and a ' +
      "contour fitting the rider's face.",
  },
}

describe('prior art, however the invention is described', () => {
  it('tells a description in everyday words or a search line from text in the patent register', () => {
    for (const { plain, line, register } of Object.values(described)) {
      expect(queryStyle(plain)).toBe('everyday')
      expect(queryStyle(line)).toBe('everyday')
      expect(queryStyle(register)).toBe('register')
    }
    expect(queryStyle(`A compound of formula (I) and its salts, ${'for treating pain, '.repeat(8)}`)).toBe(
      'register',
    )
  })

  for (const [reference, texts] of Object.entries(described))
    for (const style of ['plain', 'line', 'register'] as const)
      it(`finds ${reference} among the ten similar patents from its ${style} description`, async () => {
        const text = texts[style]
        const [row] = (await t.services.priorArt.similar(text)).ranked.filter(
          (r) => r.reference === reference,
        )
        expect(row, 'found at all').toBeDefined()
        const result = await t.services.analysis.analyze({ title: texts.title, description: text })
        const rank = result.similarPatents.patents.findIndex((p) => p.reference === reference)
        expect(rank, `${reference} ranked ${rank}`).toBeGreaterThanOrEqual(0)
        expect(rank).toBeLessThan(10)
      })

  it('are written in other words than the patents (no run of three content words in common)', async () => {
    const { patents } = await import('~/db/schema')
    const { inArray } = await import('drizzle-orm')
    const rows = await t.database.db
      .select()
      .from(patents)
      .where(inArray(patents.reference, Object.keys(described)))
    for (const row of rows) {
      const runs = patentRuns(row)
      const texts = described[row.reference as keyof typeof described]
      for (const style of ['plain', 'line'] as const)
        expect(sharedRun(texts[style], runs), style).toBeUndefined()
    }
  })
})
