import { describe, expect, it } from 'vitest'
import { termsOf } from '~/shared/terms'
import { wordCorpus } from '~/test/word-corpus'
import { analyzeInvention, type Corpus } from './engine'

/** Every feature uncovered, so the innovations are the first three features (test/word-corpus.ts). */
const corpus = wordCorpus

const title = 'Self-levelling tripod head'

describe('innovations', () => {
  it('are whole claim elements: a claim is never cut inside a phrase', async () => {
    const result = await analyzeInvention(
      {
        title,
        description: 'A tripod head holds a camera level on uneven ground.',
        claims: [
          'A tripod head for a camera, comprising: a base plate with a threaded socket; a pendulum hung from the ' +
            'base plate between a first bearing and a second bearing; and a friction clutch that locks the ' +
            'pendulum to the base plate, wherein the pendulum is damped by a viscous fluid held in a sealed chamber.',
          'The tripod head of claim 1, wherein the clutch is released by a lever.',
        ],
      },
      corpus,
    )
    expect(result.explanation.features.map((f) => f.text)).toEqual([
      'A tripod head for a camera',
      'a base plate with a threaded socket',
      'a pendulum hung from the base plate between a first bearing and a second bearing',
      'a friction clutch that locks the pendulum to the base plate',
      'the pendulum is damped by a viscous fluid held in a sealed chamber',
      // The dependent claim's own element, without the words that name its parent.
      'the clutch is released by a lever',
    ])
    expect(result.analysis.features.map((f) => f.id)).toEqual(['1a', '1b', '1c', '1d', '1e', '2'])
    expect(result.analysis.innovations).toEqual([
      'A tripod head for a camera',
      'a base plate with a threaded socket',
      'a pendulum hung from the base plate between a first bearing and a second bearing',
    ])
  })

  it("are the description's technical elements, each a clause in its words; not the field, nor an effect", async () => {
    const long =
      'In the tripod head of the invention, a pendulum hung between two bearings swings to the vertical under its ' +
      'own weight when the head is set down on uneven ground, a viscous fluid held in a sealed chamber around the ' +
      'bearings damps its swing so that it settles within a second, a friction clutch driven by a small spring then ' +
      'locks the pendulum to the base plate, and the camera, which is carried on the pendulum, stays level however ' +
      'the legs of the tripod are set.'
    const input = [
      'FIELD OF THE INVENTION',
      '[0001] The invention relates to tripod heads for cameras of the kind shown in U.S. Pat. No. 5,000,000 and\nin FIG. 1 of the drawings.',
      `[0002] ${long}`,
      '[0003] The clutch is released by a lever on the side of the base plate. This stops the camera from tipping.',
    ].join('\n\n')
    const { features, innovations } = (await analyzeInvention({ title, description: input }, corpus)).analysis
    expect(features.map((f) => f.text)).toEqual([
      'In the tripod head of the invention, a pendulum hung between two bearings swings to the vertical under its own weight when the head is set down on uneven ground',
      'a viscous fluid held in a sealed chamber around the bearings damps its swing',
      'a friction clutch driven by a small spring then locks the pendulum to the base plate',
      'the camera, which is carried on the pendulum, stays level however the legs of the tripod are set',
      'The clutch is released by a lever on the side of the base plate',
    ])
    expect(features.map((f) => f.id)).toEqual(['F1', 'F2', 'F3', 'F4', 'F5'])
    // With no prior art every feature is new; the innovations are the first three.
    expect(innovations).toEqual(features.slice(0, 3).map((f) => f.text))
  })

  it("splits an inventor's plain description into its ideas, leaving out the problem it solves", async () => {
    const plain =
      'I take a lot of photos on walks with my phone. My idea is to put a small motor in the grip that tilts the ' +
      'phone back level whenever a gyroscope in the handle feels it tip, and a shutter button on a ring worn on the ' +
      'thumb fires the camera over Bluetooth without touching the phone. This stops shaky pictures from pressing a ' +
      'small button.'
    const { features } = (await analyzeInvention({ title, description: plain }, corpus)).analysis
    expect(features.map((f) => f.text)).toEqual([
      'put a small motor in the grip that tilts the phone back level whenever a gyroscope in the handle feels it tip',
      'a shutter button on a ring worn on the thumb fires the camera over Bluetooth without touching the phone',
    ])
  })

  it('keeps a sentence that says what the invention is, and has features when every sentence is background', async () => {
    const features = async (description: string) =>
      (await analyzeInvention({ title, description }, corpus)).analysis.features.map((f) => f.text)
    expect(
      await features(
        'This tripod head is levelled by a pendulum hung between two bearings. Normally tripods tip over.',
      ),
    ).toEqual(['This tripod head is levelled by a pendulum hung between two bearings'])
    expect(await features('Normally a tripod on uneven ground tips the camera over.')).toEqual([
      'Normally a tripod on uneven ground tips the camera over',
    ])
  })
})

describe('counts in the analysis text', () => {
  it('count the words of the description alone, not of the claims written in it, as a reader counts them', async () => {
    const result = await analyzeInvention(
      {
        title,
        abstract: 'An abstract of nine words that is not counted.',
        description:
          'A levelling tripod head holds a 2 kg camera level on uneven ground.\n\nClaims\n' +
          '1. A tripod head comprising a pendulum.\n2. The tripod head of claim 1, wherein the pendulum is damped.',
      },
      corpus,
    )
    // 13 words in the description; 6 + 11 in the claims ("claim 1" is two words).
    expect(result.analysis.risksAndChallenges).toContain(
      'The description may be too thin to support the claims: It has 13 words for 17 words of claims; ' +
        'the description must enable a skilled person to carry out the invention (s.14(3)).',
    )
    expect(result.analysis.risksAndChallenges).toContain(
      'Claim 1 may be too broad: An independent claim of 6 words is likely to read on existing prior art; ' +
        'add the features that make it new.',
    )
    // "levelling" is the description's one rare word; the claims' "comprising" and "pendulum" are not its words.
    expect(result.explanation.technicalComplexity.reasons[0]).toBe(
      '1 specialist term (rare in the corpus) in 13 words: 7.7 per 100 words.',
    )
    expect(result.explanation.technicalComplexity.reasons[1]).toMatch(/ across 2 claims\.$/)
  })
})

describe('market potential', () => {
  it('carries the filings per year it weighs, which sum to the counts its reasons give', async () => {
    // The corpus thins out after 2022, so 2022 is the last year it covers well; 2023 lies outside the window.
    const all = [
      ...Array.from({ length: 14 }, (_, i) => ({ year: 2009 + i, filings: 100 })),
      { year: 2023, filings: 3 },
    ]
    const related = [
      { year: 2010, filings: 50 },
      { year: 2014, filings: 4 },
      { year: 2016, filings: 7 },
      { year: 2021, filings: 20 },
      { year: 2022, filings: 9 },
      { year: 2023, filings: 1 },
    ]
    const active: Corpus = { ...corpus, activity: async () => ({ related, all }) }
    const { explanation } = await analyzeInvention({ title, description: 'A tripod head.' }, active)
    const { activity, reasons } = explanation.marketPotential
    expect(activity?.map((row) => row.year)).toEqual([
      2013, 2014, 2015, 2016, 2017, 2018, 2019, 2020, 2021, 2022,
    ])
    expect(activity?.find((row) => row.year === 2015)).toEqual({ year: 2015, related: 0, all: 100 })
    const total = (from: number, to: number) =>
      (activity ?? [])
        .filter((row) => row.year >= from && row.year <= to)
        .reduce((n, row) => n + row.related, 0)
    expect([total(2018, 2022), total(2013, 2017)]).toEqual([29, 11])
    // The figures, not their wording: 29 filings in the recent five years against 11 in the five before.
    expect(reasons.join(' ')).toMatch(/\b29\b[^.]*2018–2022[^.]*\b11\b[^.]*2013–2017/)
  })

  it('carries no years when the corpus has no dated filings', async () => {
    const { explanation } = await analyzeInvention({ title, description: 'A tripod head.' }, corpus)
    expect(explanation.marketPotential.activity).toEqual([])
  })
})

describe('wording of the analysis', () => {
  /** The test corpus, with a plural's term its singular ("valves" → "valve") as the index stems it, and "led" rare. */
  const stemming: Corpus = {
    ...corpus,
    async weigh(texts) {
      const termOf = (w: string) => (w.length > 3 && w.endsWith('s') ? w.slice(0, -1) : w)
      return (await corpus.weigh(texts)).map((weighed) => ({
        ...weighed,
        weights: new Map([...weighed.weights].map(([w, weight]) => [termOf(w), w === 'led' ? 3 : weight])),
        terms: new Map([...weighed.terms.keys()].map((w) => [w, termOf(w)])),
      }))
    },
  }

  it('names key terms as written, once each, and not units, number words or boilerplate', async () => {
    const { keyTerms } = (
      await analyzeInvention(
        {
          title: 'Valve gear',
          description:
            'The poppet valve opens 12 mm under a pressure of 45 MPa. Five poppet valves and their LED indicators ' +
            'are shown in FIG. 2. Each poppet valve has a camshaft whose lobes have 3 mm lift.',
        },
        stemming,
      )
    ).analysis
    expect(keyTerms).toContain('poppet valve')
    expect(keyTerms).toContain('LED')
    for (const absent of [
      'poppet valves',
      'poppet',
      'valve',
      'mm',
      'mpa',
      'MPa',
      'five',
      'fig',
      'whose',
      'led',
    ])
      expect(keyTerms).not.toContain(absent)
  })

  it('names a longer name by its end, not by a head that reads cut off ("crankcase breather")', async () => {
    // Only words of eight letters or more are terms of this corpus.
    const longWords: Corpus = {
      ...corpus,
      async weigh(texts) {
        return (await corpus.weigh(texts)).map((weighed) => ({
          ...weighed,
          weights: new Map([...weighed.weights].filter(([w]) => w.length >= 8)),
        }))
      },
    }
    const { keyTerms } = (
      await analyzeInvention(
        {
          title: 'Engine breather',
          description:
            'The crankcase breather membrane opens at low pressure. The crankcase breather membrane closes again. ' +
            'The breather membrane seals the crankcase.',
        },
        longWords,
      )
    ).analysis
    expect(keyTerms).toEqual(['breather membrane', 'crankcase', 'pressure'])
  })

  it('states each sentence once in the summary, though the abstract repeats the description', async () => {
    const first = 'A tripod head keeps a camera level on uneven ground.'
    const { summary } = (
      await analyzeInvention(
        {
          title,
          abstract: first,
          description: `${first} A pendulum swings to the vertical. A friction clutch locks the pendulum.`,
        },
        corpus,
      )
    ).analysis
    expect(summary.split(first)).toHaveLength(2)
  })

  it('summarises the description, not the claims written in it', async () => {
    const { summary } = (
      await analyzeInvention(
        {
          title,
          description:
            'A tripod head keeps a camera level on uneven ground.\n\nClaims\n' +
            '1. A tripod head comprising a pendulum and a friction clutch.\n2. The tripod head of claim 1, wherein the pendulum is damped.',
        },
        corpus,
      )
    ).analysis
    expect(summary).toBe('A tripod head keeps a camera level on uneven ground.')
  })

  it('counts one related filing in the singular, and says so when the corpus has no dated filings', async () => {
    const all = Array.from({ length: 10 }, (_, i) => ({ year: 2013 + i, filings: 100 }))
    const related = [{ year: 2021, filings: 1 }]
    const active: Corpus = { ...corpus, activity: async () => ({ related, all }) }
    const dated = await analyzeInvention({ title, description: 'A tripod head.' }, active)
    expect(dated.explanation.marketPotential.reasons[0]).toBe(
      '1 related filing in 2018–2022 against 0 in 2013–2017 in the corpus.',
    )
    const undated = await analyzeInvention({ title, description: 'A tripod head.' }, corpus)
    expect(undated.explanation.marketPotential.reasons).toEqual([
      'The corpus holds no dated filings to compare with.',
    ])
    expect(undated.analysis.marketPotential).toBe('Low: The corpus holds no dated filings to compare with.')
  })
})

describe('similar patents', () => {
  const found = (reference: string, title: string, family: string[], familyId: string | null = null) => ({
    reference,
    score: 1,
    closest: 0.5,
    shared: ['tripod'],
    patent: {
      reference,
      title,
      abstract: null,
      applicants: [title],
      filingDate: null,
      priorityDate: null,
      publicationDate: null,
      family,
      familyId,
      source: 'corpus',
    },
  })

  it('lists one invention once, though a family writes its member with a kind code the record lacks', async () => {
    const ranked = [
      found('US6646577', 'Tripod head', []),
      found('US7000001B2', 'Levelling mount', ['US 6,646,577 A']),
      found('US7000002', 'Camera clamp', []),
    ]
    const withFamilies: Corpus = { ...corpus, similar: async () => ({ considered: 3, ranked }) }
    const result = await analyzeInvention({ title, description: 'A tripod head.' }, withFamilies)
    expect(result.similarPatents.patents.map((p) => p.reference)).toEqual(['US6646577', 'US7000002'])
  })

  it('lists an EP and a US publication of one DOCDB family once, though neither lists the other', async () => {
    const ranked = [
      found('EP3782854A1', 'Vehicle-mounted display assembly', [], '83004620'),
      found('US7000001B2', 'Display arranged over a storage box', [], '83004620'),
      found('US7000002', 'Camera clamp', [], '555'),
    ]
    const withFamilies: Corpus = { ...corpus, similar: async () => ({ considered: 3, ranked }) }
    const result = await analyzeInvention({ title, description: 'A tripod head.' }, withFamilies)
    expect(result.similarPatents.patents.map((p) => p.reference)).toEqual(['EP3782854A1', 'US7000002'])
  })

  it('leaves out the patent whose prior art it is, and its family: by reference, shared member or title', async () => {
    const ranked = [
      found('US6646577B1', 'Tripod head', []),
      // Shares the provisional application the patent claims.
      found('US7000001B2', 'Levelling mount', ['US60046085']),
      // A continuation: the same title, from the same applicant.
      found('US7000003', 'Tripod head', []),
      found('US7000002', 'Camera clamp', []),
    ]
    const withFamilies: Corpus = { ...corpus, similar: async () => ({ considered: 4, ranked }) }
    const itself = {
      reference: 'US6646577',
      title: 'Tripod head',
      applicants: ['Tripod head'],
      family: ['US60046085'],
    }
    const result = await analyzeInvention({ title, description: 'A tripod head.', itself }, withFamilies)
    expect(result.similarPatents.patents.map((p) => p.reference)).toEqual(['US7000002'])
  })
})

describe('the search report', () => {
  const record = (reference: string, claims: string[]) => ({
    reference,
    score: 1,
    closest: 0.5,
    shared: ['tripod'],
    patent: {
      reference,
      title: `Patent ${reference}`,
      abstract: null,
      applicants: [reference],
      filingDate: '2001-01-01',
      priorityDate: null,
      publicationDate: '2002-01-01',
      family: [],
      familyId: null,
      source: 'corpus',
    },
    text: { reference, title: `Patent ${reference}`, abstract: null, claims, description: null },
  })
  const head = record('US1000001', ['A tripod head comprising a pendulum hung from a base plate.'])
  const lever = record('US2000002', ['A door latch wherein the clutch is released by a lever.'])

  it('looks for the element no charted patent holds on its own, and cites the pair Y', async () => {
    const asked: string[] = []
    const withPartner: Corpus = {
      ...corpus,
      // The index's terms: stems, without the words every text has ("a", "the", "from").
      weigh: async (texts) =>
        (await corpus.weigh(texts)).map((weighed, i) => ({
          ...weighed,
          weights: new Map(termsOf(texts[i] as string).map((term) => [term, 1])),
        })),
      // The whole claim finds the tripod head only; its missing element, asked alone, the latch.
      similar: async () => ({ considered: 1, ranked: [head] }),
      closest: async (texts) => {
        asked.push(...texts)
        return texts.map((text) => (text === 'the clutch is released by a lever' ? [lever] : [head]))
      },
      texts: async (references) =>
        [head, lever].filter((p) => references.includes(p.reference)).map((p) => p.text),
    }
    const { searchReport, similarPatents } = await analyzeInvention(
      {
        title,
        description: 'A tripod head.',
        claims: [
          'A tripod head comprising a pendulum hung from a base plate.',
          'The tripod head of claim 1, wherein the clutch is released by a lever.',
        ],
        cutOff: { date: '2015-01-01', basis: 'filing date' },
      },
      withPartner,
    )
    expect(asked).toContain('the clutch is released by a lever')
    const lines = searchReport?.citations.map(({ reference, category, claims, combinedWith }) => ({
      reference,
      category,
      claims,
      combinedWith,
    }))
    expect(lines).toEqual([
      { reference: 'US1000001', category: 'X', claims: [1, 2], combinedWith: ['US2000002'] },
      { reference: 'US2000002', category: 'Y', claims: [2], combinedWith: ['US1000001'] },
    ])
    // Found for the report only: the similar patents are the whole claim's.
    expect(similarPatents.patents.map((p) => p.reference)).toEqual(['US1000001'])
  })
})
