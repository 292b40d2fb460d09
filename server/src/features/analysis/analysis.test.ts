import fs from 'node:fs'
import path from 'node:path'
import {
  type AnalysisResult,
  analysisLimits,
  analysisMessages,
  thinCoverageNote,
  thinCoverageSimilarity,
} from '@patentdesk/contract/analysis'
import { londonToday } from '@patentdesk/contract/common'
import { readingMessages } from '@patentdesk/contract/documents'
import { messages } from '@patentdesk/contract/errors'
import { limits } from '@patentdesk/contract/limits'
import { patentMessages } from '@patentdesk/contract/patents'
import { eq } from 'drizzle-orm'
import pino from 'pino'
import { describe, expect, it } from 'vitest'
import { patents } from '~/db/schema'
import { ensureCorpusLoaded } from '~/features/patents/corpus'
import { docxWithText, pdfWithText } from '~/test/files'
import {
  docxBomb,
  garbageJpeg,
  hugePng,
  jpegWithGarbageData,
  pdfStreamBomb,
  truncatedPng,
} from '~/test/hostile-files'
import { type CorpusRecord, firstRecordsCorpus } from '~/test/small-corpus'
import { buildTestApp, json } from '~/test/test-app'

/**
 * The public analysis, on PGlite only (vitest.config.ts): it stores nothing, and what it reads from the
 * database (the charted patents' texts) Generate Analysis reads too, in application-analysis.test.ts on both
 * drivers.
 */
const t = await buildTestApp()
// The first 2,000 records of the shipped corpus.
const corpus = await firstRecordsCorpus(2000)
await ensureCorpusLoaded(t.database, pino({ level: 'silent' }), corpus.dir)
// As the server does before it listens: the index is built before the first query.
await t.services.priorArt.warm()

function form(fields: Record<string, string>, file?: { name: string; bytes: Buffer }) {
  const boundary = `----analysis${Math.random().toString(16).slice(2)}`
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  )
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="document"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    )
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`))
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  }
}

const analyse = (fields: Record<string, string>, file?: { name: string; bytes: Buffer }) =>
  t.app.inject({ method: 'POST', url: '/api/public/patents/comprehensive-analysis', ...form(fields, file) })

const invention = {
  title: 'Self-levelling tripod head',
  description:
    'A tripod head for cameras comprising a pendulum that swings to the vertical and a friction clutch that then locks the head ' +
    'so that the camera stays level on uneven ground. The pendulum is damped by a viscous fluid held in a sealed chamber.',
}

describe('comprehensive analysis', () => {
  it('answers every field, derived from the input, the same every time', async () => {
    const first = await analyse(invention)
    expect(first.statusCode, first.body).toBe(200)
    const result = first.json()
    expect(result).toMatchObject({ engine: 'offline', notes: [] })
    expect(result.analysis.noveltyScore).toBeGreaterThanOrEqual(0)
    // "tripod" is named in its phrase "tripod head", not again alone.
    expect(result.analysis.keyTerms).toEqual(expect.arrayContaining(['pendulum', 'tripod head']))
    expect(result.analysis.marketPotential).toMatch(/^(Low|Medium|High): /)
    // The years behind the market potential, ten in a row, whose recent five sum to the count its reason gives.
    const activity: { year: number; related: number; all: number }[] =
      result.explanation.marketPotential.activity
    expect(activity).toHaveLength(10)
    const [earliest] = activity
    expect(activity.map((row) => row.year - (earliest?.year ?? 0))).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9])
    for (const row of activity) expect(row.related).toBeLessThanOrEqual(row.all)
    const recent = activity.slice(5).reduce((n, row) => n + row.related, 0)
    // The figures, not the wording around them.
    expect(result.analysis.marketPotential).toMatch(
      new RegExp(`\\b${recent.toLocaleString('en-GB')}\\b[^.]*${activity[5]?.year}–${activity[9]?.year}`),
    )
    expect(result.analysis.technicalComplexity).toMatch(/^(Low|Medium|High): /)
    expect(result.similarPatents.patents.length).toBeGreaterThan(0)
    // Prior art is what came before today (no priority or filing date is given).
    expect(result.searchReport.cutOff).toEqual({ date: londonToday(), basis: 'today' })
    // Innovations are features: clauses of the description in its words, never cut inside a phrase.
    const features = result.analysis.features.map((f: { text: string }) => f.text)
    for (const innovation of result.analysis.innovations) expect(features).toContain(innovation)
    for (const feature of features) expect(invention.description).toContain(feature)
    expect((await analyse(invention)).json()).toEqual(result)
  })

  it('shows ten similar patents, one per invention, each with the words it shares with the input', async () => {
    const result = (
      await analyse({
        title: 'Battery charging for electric vehicles',
        description:
          'A charging station supplies power to the batteries of electric vehicles. A controller measures the ' +
          'temperature of the batteries and limits the charging current when the batteries are hot.',
      })
    ).json()
    const { patents } = result.similarPatents
    expect(patents).toHaveLength(10)
    const inventions = patents.map(
      (p: { title: string; applicant: string | null }) => `${p.title}|${p.applicant}`,
    )
    expect(new Set(inventions).size).toBe(10)
    for (const patent of patents) expect(patent.matchedTerms.length).toBeGreaterThan(0)
    const inputWords = new Set([
      'battery',
      'batteries',
      'charging',
      'charge',
      'vehicles',
      'electric',
      'station',
    ])
    expect(patents[0].matchedTerms.some((word: string) => inputWords.has(word))).toBe(true)
    expect(result.explanation.similarPatents).toMatch(
      /^Ordered by relevance: \d+ candidates drawn from 2,000 patents/,
    )
  })

  it('names key terms with the words of the input, never their stems', async () => {
    const input = {
      title: 'Battery charging for electric vehicles',
      description:
        'The batteries of the vehicles are charged by the station; the batteries are cooled while charging.',
    }
    const { keyTerms } = (await analyse(input)).json().analysis
    expect(keyTerms).toContain('batteries')
    const inputWords = new Set(`${input.title} ${input.description}`.toLowerCase().match(/[a-z]+/g))
    for (const term of keyTerms) for (const word of term.split(' ')) expect(inputWords).toContain(word)
  })

  it('finds a near-copy of a corpus patent first, and scores the copy less novel than a new invention', async () => {
    const copy = await analyse({
      title: (corpus.records[0] as CorpusRecord).title.split(' ').reverse().join(' '),
      description: (corpus.records[0] as CorpusRecord).claims.join('\n'),
    })
    const result = copy.json()
    expect(result.similarPatents.patents[0].reference).toBe((corpus.records[0] as CorpusRecord).reference)
    expect(result.similarPatents.patents[0].similarityScore).toBeGreaterThan(60)
    const fresh = (await analyse(invention)).json()
    expect(result.analysis.noveltyScore).toBeLessThan(fresh.analysis.noveltyScore)
    expect(result.analysis.risksAndChallenges.join(' ')).toContain(
      `Close prior art: ${(corpus.records[0] as CorpusRecord).reference}`,
    )
  })

  it('cites Y the patent a claim takes most from with the one that holds the element it lacks', async () => {
    // US6838984B2's claim 1 (a tyre pressure sender), with an element of US6334226B1's (a faucet support).
    const sender = corpus.records.find((r) => r.reference === 'US6838984B2') as CorpusRecord
    const claim = `1. ${(sender.claims[0] as string).replace(/\.$/, '')}; and a plurality of tightening members configured to be movable along the plurality of connectors.`
    const { searchReport } = (await analyse({ title: 'Tyre pressure sender', description: claim })).json()
    const cited = (reference: string) =>
      searchReport.citations.find((c: { reference: string }) => c.reference === reference)
    // Neither holds the whole claim: each is cited Y, naming the other.
    expect(cited('US6838984B2')).toMatchObject({ category: 'Y', combinedWith: ['US6334226B1'] })
    expect(cited('US6334226B1')).toMatchObject({ category: 'Y', combinedWith: ['US6838984B2'] })
  })

  it('cites a patent X against the claims it holds whole, quoting it, in the search report', async () => {
    const record = corpus.records[0] as CorpusRecord
    const numbered = record.claims.map((claim, i) => `${i + 1}. ${claim}`).join('\n')
    const { searchReport } = (await analyse({ title: 'Peptide analogs', description: numbered })).json()
    expect(searchReport.claims[0]).toEqual({ number: 1, independent: true })
    const own = searchReport.citations.find((c: { reference: string }) => c.reference === record.reference)
    expect(own).toMatchObject({ category: 'X', dateNote: null })
    expect(own.claims).toContain(1)
    // Verbatim, as the claim chart quotes.
    const stored = [record.title, record.abstract, ...record.claims, record.description].join('\n')
    for (const passage of own.passages) expect(stored).toContain(passage.text)
  })

  it('reads the text of a PDF, a DOCX and, by OCR, a PNG', async () => {
    const pdf = (
      await analyse(invention, {
        name: 'spec.pdf',
        bytes: pdfWithText('A gyroscope stabilises the tripod head.'),
      })
    ).json()
    expect(pdf.analysis.keyTerms).toContain('gyroscope')
    const docx = (
      await analyse(invention, {
        name: 'spec.docx',
        bytes: await docxWithText('A gyroscope stabilises the tripod head.'),
      })
    ).json()
    expect(docx.analysis.keyTerms).toContain('gyroscope')
    const png = await analyse(invention, {
      name: 'note.png',
      bytes: fs.readFileSync(path.join(import.meta.dirname, 'fixtures', 'drawing-note.png')),
    })
    expect(png.json().analysis.keyTerms).toContain('gyroscope')
    expect(png.json().notes).toEqual(['The document is an image: its text was read by OCR.'])
  })

  it('says plainly when the corpus holds little close to the invention, and not otherwise', async () => {
    const sourdough = await analyse({
      title: 'Rye sourdough leaven kept in a stoneware crock',
      description:
        'A rye sourdough leaven is fed each morning with rye flour and spring water and kept in a glazed stoneware crock under a linen cloth, so that the baker can bake rye bread every day without buying yeast.',
    })
    const result = sourdough.json() as AnalysisResult
    const best = Math.max(...result.similarPatents.patents.map((p) => p.similarityScore))
    expect(best).toBeLessThan(thinCoverageSimilarity)
    expect(result.notes).toEqual([thinCoverageNote(best)])
    expect((await analyse(invention)).json().notes).toEqual([])
  })

  it('notes a legacy .doc instead of failing', async () => {
    const cfb = Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(1024)])
    const response = await analyse(invention, { name: 'old.doc', bytes: cfb })
    expect(response.statusCode).toBe(200)
    expect(response.json().notes).toEqual([analysisMessages.legacyWord])
  })

  it.each([
    ['no title', { description: 'Something' }, undefined, 400, `title: ${analysisMessages.missing}`],
    [
      'a blank description',
      { title: 'Thing', description: '   ' },
      undefined,
      400,
      `description: ${analysisMessages.missing}`,
    ],
    [
      'a text file',
      invention,
      { name: 'notes.txt', bytes: Buffer.from('hello') },
      415,
      analysisMessages.unsupportedFile,
    ],
    [
      'text named .pdf',
      invention,
      { name: 'fake.pdf', bytes: Buffer.from('not a pdf') },
      415,
      analysisMessages.corruptFile,
    ],
    [
      'a broken PDF',
      invention,
      { name: 'broken.pdf', bytes: Buffer.from('%PDF-1.4\ngarbage') },
      422,
      readingMessages.unreadable,
    ],
    [
      'a file over 10 MB',
      invention,
      { name: 'big.pdf', bytes: Buffer.alloc(10 * 1024 * 1024 + 1) },
      413,
      analysisMessages.tooLarge,
    ],
  ])('answers %s with a clear 4xx', async (_what, fields, file, status, message) => {
    const response = await analyse(fields as Record<string, string>, file)
    expect(response.statusCode).toBe(status)
    expect(json(response).message).toBe(message)
  })

  it('ranks only what was filed before the priority or filing date given', async () => {
    const before = (await analyse(invention)).json()
    const dated = before.similarPatents.patents.filter((p: { filingDate: string | null }) => p.filingDate)
    const latest = dated.sort((a: { filingDate: string }, b: { filingDate: string }) =>
      b.filingDate.localeCompare(a.filingDate),
    )[0]
    const response = await analyse({ ...invention, priorityDate: latest.filingDate })
    expect(response.statusCode, response.body).toBe(200)
    const result = response.json()
    expect(result.searchReport.cutOff).toEqual({ date: latest.filingDate, basis: 'priority date' })
    const listed: { reference: string; filingDate: string | null }[] = result.similarPatents.patents
    expect(listed.map((p) => p.reference)).not.toContain(latest.reference)
    for (const p of listed) expect(p.filingDate === null || p.filingDate < latest.filingDate).toBe(true)
    // An empty field is no date.
    expect((await analyse({ ...invention, priorityDate: ' ' })).json().searchReport.cutOff.basis).toBe(
      'today',
    )
  })

  it.each([
    ['2024-02-30', messages.realDate],
    ['30/01/2024', messages.realDate],
    ['2999-01-01', analysisMessages.priorityDateLater],
  ])('refuses the date %s with a 400 naming the field', async (priorityDate, message) => {
    const response = await analyse({ ...invention, priorityDate })
    expect(response.statusCode).toBe(400)
    expect(json(response).fields).toEqual({ priorityDate: message })
  })

  it('names every problem of the form, field by field, as a JSON body’s are', async () => {
    const response = await analyse({ title: 'x'.repeat(analysisLimits.title.max + 1) })
    expect(json(response)).toEqual({
      error: 'BAD_REQUEST',
      message: `title: ${analysisMessages.titleMax} description: ${analysisMessages.missing}`,
      fields: { title: analysisMessages.titleMax, description: analysisMessages.missing },
    })
  })
})

describe('prior art for a patent', () => {
  type Dated = { reference: string; filingDate?: string | null; priorityDate?: string | null }
  const records = new Map((corpus.records as Dated[]).map((r) => [r.reference, r]))
  const earliestOf = (reference: string) => {
    const record = records.get(reference)
    return [record?.priorityDate, record?.filingDate].filter(Boolean).sort()[0]
  }

  it("reports on a patent's claims against what came before its own dates, leaving it out", async () => {
    // US6334226B1: priority 22 October 1997, filed 24 April 2000.
    const response = await t.request('GET', '/api/public/patents/US6334226B1/prior-art')
    expect(response.statusCode, response.body).toBe(200)
    const { similarPatents, searchReport } = response.json()
    expect(searchReport.cutOff).toEqual({
      date: '1997-10-22',
      basis: 'priority date',
      filingDate: '2000-04-24',
    })
    expect(searchReport.claims.length).toBeGreaterThan(1)
    const listed: string[] = similarPatents.patents.map((p: { reference: string }) => p.reference)
    const cited: string[] = searchReport.citations.map((c: { reference: string }) => c.reference)
    expect(listed.length).toBeGreaterThan(0)
    expect([...listed, ...cited]).not.toContain('US6334226B1')
    for (const reference of listed) {
      const earliest = earliestOf(reference)
      expect(!earliest || earliest < '2000-04-24', reference).toBe(true)
    }
  })

  it('answers 404 for a patent neither the corpus nor a source knows, 400 for no reference', async () => {
    const missing = await t.request('GET', '/api/public/patents/US1234567890/prior-art')
    expect(missing.statusCode).toBe(404)
    expect(json(missing).message).toBe(patentMessages.notFound)
    expect((await t.request('GET', '/api/public/patents/%3Cb%3E/prior-art')).statusCode).toBe(400)
  })
})

describe('the search report as a file', () => {
  it('answers the report of an analysis as a PDF and a DOCX to save', async () => {
    const { searchReport } = (await analyse(invention)).json()
    const body = { subject: invention.title, report: searchReport }
    const pdf = await t.request('POST', '/api/public/search-report.pdf', { body })
    expect(pdf.statusCode, pdf.body).toBe(200)
    expect(pdf.headers['content-type']).toBe('application/pdf')
    expect(pdf.headers['content-disposition']).toContain('search-report.pdf')
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-')
    const docx = await t.request('POST', '/api/public/search-report.docx', { body })
    expect(docx.statusCode, docx.body).toBe(200)
    expect(docx.headers['content-disposition']).toContain('search-report.docx')
    expect(docx.rawPayload.subarray(0, 2).toString()).toBe('PK')
  })

  it('refuses a report that is not one with a 400 naming the field, and a body over the limit with a 413', async () => {
    const bad = await t.request('POST', '/api/public/search-report.pdf', {
      body: {
        subject: 'Tripod',
        report: { cutOff: { date: 'soon', basis: 'today' }, claims: [], citations: [] },
      },
    })
    expect(bad.statusCode).toBe(400)
    expect(Object.keys(json(bad).fields as object)).toEqual(['report.cutOff.date'])
    const huge = await t.request('POST', '/api/public/search-report.docx', {
      body: { subject: 'x'.repeat(limits.searchReportExportBytes), report: {} },
    })
    expect(huge.statusCode).toBe(413)
  })
})

describe('hostile documents on the public analysis', () => {
  it.each([
    [
      'a JPEG that turns to garbage',
      async () => ({ name: 'photo.jpg', bytes: garbageJpeg() }),
      readingMessages.unreadable,
    ],
    [
      'a JPEG whose image data is garbage',
      async () => ({ name: 'photo.jpg', bytes: jpegWithGarbageData() }),
      readingMessages.unreadable,
    ],
    [
      'a PNG cut off in its header',
      async () => ({ name: 'scan.png', bytes: truncatedPng() }),
      readingMessages.unreadable,
    ],
    [
      'a PNG of 20000 × 20000 pixels',
      async () => ({ name: 'scan.png', bytes: await hugePng(20_000, 20_000) }),
      readingMessages.tooManyPixels(20_000, 20_000, 40),
    ],
    [
      'a DOCX whose markup inflates to 400 MB',
      async () => ({ name: 'bomb.docx', bytes: await docxBomb(400 * 1024 * 1024) }),
      readingMessages.tooMuchMarkup('word/document.xml', 20),
    ],
    [
      'a DOCX whose main part, word/main.bin, inflates to 64 MB',
      async () => ({
        name: 'bomb.docx',
        bytes: await docxBomb(64 << 20, { part: 'word/main.bin', lie: true }),
      }),
      readingMessages.tooMuchMarkup('word/main.bin', 20),
    ],
    [
      'a PDF whose content stream inflates to 128 MB',
      async () => ({ name: 'bomb.pdf', bytes: await pdfStreamBomb(128 << 20) }),
      readingMessages.tooMuchInflated(100),
    ],
  ])('answers %s with a 422 naming the problem, and goes on serving', async (_what, file, message) => {
    const response = await analyse(invention, await file())
    expect(response.statusCode).toBe(422)
    expect(json(response)).toEqual({ error: 'UNPROCESSABLE', message, fields: { document: message } })
    expect((await t.request('GET', '/api/health')).statusCode).toBe(200)
  })
})

describe('claim chart', () => {
  type Match = {
    featureId: string
    level: string
    score: number
    passage: string | null
    location: string | null
    sharedWords: string[]
  }
  type Charted = { reference: string; featureMatches?: Match[] }
  const record = corpus.records[0] as CorpusRecord
  // The patent's claims as an applicant writes them, numbered.
  const claimsText = record.claims.map((claim, i) => `${i + 1}. ${claim}`).join('\n')

  /** The patent's stored text, field by field, as the chart quotes it. */
  async function storedText(reference: string) {
    const [row] = await t.database.db.select().from(patents).where(eq(patents.reference, reference))
    if (!row) throw new Error(`no patent ${reference}`)
    return {
      title: row.title,
      abstract: row.abstract ?? '',
      claims: row.claims,
      description: row.description ?? '',
    }
  }

  it("charts a near copy's features as found in its patent, quoting that patent verbatim and saying where", async () => {
    const result = (await analyse({ title: 'Thrombin receptor inhibitor', description: claimsText })).json()
    const { features } = result.analysis
    // Claim elements, numbered by claim: the first claim's preamble and its elements, then the other claims'.
    expect(features[0]).toMatchObject({ id: '1a' })
    expect(features.length).toBeGreaterThan(3)
    const patents: Charted[] = result.similarPatents.patents
    expect(patents[0]?.reference).toBe(record.reference)
    // The first five patents carry the chart, one match per feature in the features' order; the others none.
    expect(patents.slice(0, 5).every((p) => p.featureMatches?.length === features.length)).toBe(true)
    expect(patents.slice(5).every((p) => p.featureMatches === undefined)).toBe(true)
    const own = patents[0]?.featureMatches ?? []
    expect(own.map((m) => m.featureId)).toEqual(features.map((f: { id: string }) => f.id))
    const charted = own.filter((m) => m.level !== 'absent')
    expect(charted.length / own.length).toBeGreaterThanOrEqual(0.9)

    for (const patent of patents.slice(0, 5)) {
      const text = await storedText(patent.reference)
      for (const match of patent.featureMatches ?? []) {
        if (match.level === 'absent') {
          expect(match).toMatchObject({ passage: null, location: null, sharedWords: [] })
          expect(match.score).toBeLessThan(50)
          continue
        }
        expect(match.score).toBeGreaterThanOrEqual(match.level === 'found' ? 80 : 50)
        const location = match.location ?? ''
        const claim = /^claim (\d+)$/.exec(location)
        const source = claim
          ? (text.claims[Number(claim[1]) - 1] ?? '')
          : location === 'title'
            ? text.title
            : location === 'abstract'
              ? text.abstract
              : /^description ¶\d+$/.test(location)
                ? text.description
                : undefined
        expect(source, location).toBeDefined()
        expect(source).toContain(match.passage)
        for (const word of match.sharedWords) expect(match.passage?.toLowerCase()).toContain(word)
      }
    }
  })

  it('computes the novelty score and the feature coverage from the chart, so they never disagree', async () => {
    const result = (await analyse({ title: 'Thrombin receptor inhibitor', description: claimsText })).json()
    const charted: Charted[] = result.similarPatents.patents.slice(0, 5)
    result.explanation.features.forEach(
      (feature: { coverage: number; coveredBy: string | null }, i: number) => {
        const scores = charted.map((p) => p.featureMatches?.[i]?.score ?? 0)
        expect(feature.coverage).toBe(Math.max(...scores))
        if (feature.coverage > 0)
          expect(charted[scores.indexOf(feature.coverage)]?.reference).toBe(feature.coveredBy)
      },
    )
    // Every feature found whole in the copy's patent: nothing of it is new.
    const own = charted[0]?.featureMatches ?? []
    if (own.every((m) => m.score === 100)) expect(result.analysis.noveltyScore).toBe(0)
    expect(result.analysis.noveltyScore).toBeLessThan(20)
  })
})
