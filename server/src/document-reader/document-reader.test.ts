import fs from 'node:fs'
import path from 'node:path'
import { readingMessages } from '@patentdesk/contract/documents'
import { afterAll, describe, expect, it } from 'vitest'
import { AppError } from '~/errors'
import { docxWithBody, pdfWithText } from '~/test/files'
import {
  corruptPdf,
  docxBomb,
  docxWithManyParts,
  garbageJpeg,
  hugePng,
  jpegWithGarbageData,
  manyPagesPdf,
  pdfStreamBomb,
  truncatedPng,
} from '~/test/hostile-files'
import { createDocumentReader } from './document-reader'
import type { DocumentReadingLimits } from './limits'
import type { DocumentKind } from './read-task'

const limits: DocumentReadingLimits = {
  workers: 1,
  queue: 4,
  timeoutSeconds: 60,
  workerMemoryMb: 256,
  maxMegapixels: 40,
  maxMarkupMb: 1,
  maxInflatedMb: 8,
  maxPdfPages: 3,
}
const drawing = fs.readFileSync(
  path.join(import.meta.dirname, '../features/analysis/fixtures/drawing-note.png'),
)

function readerWith(overrides: Partial<DocumentReadingLimits> = {}) {
  const reader = createDocumentReader({ ...limits, ...overrides })
  afterAll(() => reader.close())
  return reader
}

describe('the document reader', () => {
  const reader = readerWith()

  it('reads a PDF page by page up to the limit and notes the rest', async () => {
    expect(await reader.read('pdf', 'text', pdfWithText('A gyroscope stabilises the head.'))).toMatchObject({
      ok: true,
      text: expect.stringContaining('gyroscope'),
      notes: [],
    })
    const long = await reader.read('pdf', 'text', await manyPagesPdf(10))
    expect(long).toMatchObject({ ok: true, notes: [readingMessages.pagesRead(3, 10)] })
    expect(long.ok && long.text).toContain('Page 3 of')
    expect(long.ok && long.text).not.toContain('Page 4 of')
  })

  it('answers broken and truncated files as unreadable, and goes on reading', async () => {
    const broken: [DocumentKind, Buffer][] = [
      ['image', garbageJpeg()],
      ['image', truncatedPng()],
      // The same cut-off PNG as a view into a larger buffer, whose further bytes must not be read as its own.
      ['image', Buffer.concat([truncatedPng(), Buffer.alloc(64, 0x7f)]).subarray(0, 20)],
      ['image', jpegWithGarbageData()],
      ['pdf', corruptPdf()],
      ['docx', Buffer.from('PK\x03\x04 not really a zip')],
    ]
    for (const [index, [kind, bytes]] of broken.entries()) {
      expect(await reader.read(kind, 'text', bytes), `file ${index}`).toEqual({
        ok: false,
        problem: readingMessages.unreadable,
      })
    }
    expect(await reader.read('image', 'text', drawing)).toMatchObject({
      ok: true,
      text: expect.stringMatching(/gyroscope/i),
      notes: [readingMessages.ocr],
    })
  })

  it('refuses an image over the pixel limit from its header, before decoding it', async () => {
    const huge = await hugePng(8000, 6000)
    expect(huge.length).toBeLessThan(200_000)
    for (const mode of ['check', 'text'] as const) {
      expect(await reader.read('image', mode, huge)).toEqual({
        ok: false,
        problem: readingMessages.tooManyPixels(8000, 6000, 40),
      })
    }
  })

  it('refuses a DOCX whose markup inflates past the limit, counted while inflating', async () => {
    expect(await reader.read('docx', 'check', await docxBomb(2 * 1024 * 1024))).toEqual({
      ok: false,
      problem: readingMessages.tooMuchMarkup('word/document.xml', 1),
    })
    // The directory claims 1 KB: inflating finds more and stops there.
    expect(await reader.read('docx', 'text', await docxBomb(50 * 1024 * 1024, { lie: true }))).toEqual({
      ok: false,
      problem: readingMessages.tooMuchMarkup('word/document.xml', 1),
    })
  })

  it('bounds every part mammoth could inflate, whatever its name, and the whole', async () => {
    // _rels/.rels names word/main.bin as the main document; mammoth would inflate it whole.
    const mainBin = await docxBomb(16 * 1024 * 1024, { part: 'word/main.bin', lie: true })
    expect(mainBin.length).toBeLessThan(512 * 1024)
    // The main document is small; its styles part, under an odd name, is the bomb.
    const oddStyles = await docxBomb(50 * 1024 * 1024, { part: 'word/s~t.yl', styles: true })
    for (const [bytes, part] of [
      [mainBin, 'word/main.bin'],
      [oddStyles, 'word/s~t.yl'],
    ] as const) {
      for (const mode of ['check', 'text'] as const) {
        expect(await reader.read('docx', mode, bytes)).toEqual({
          ok: false,
          problem: readingMessages.tooMuchMarkup(part, 1),
        })
      }
    }
    // Twelve parts of 0.9 MB: each within its limit, together past the 8 MB of the whole.
    const parts = await docxWithManyParts(12, 900 * 1024)
    expect(await reader.read('docx', 'check', parts)).toEqual({
      ok: false,
      problem: readingMessages.tooMuchInflated(8),
    })
    expect(
      await reader.read('docx', 'text', await docxWithBody('<w:p><w:r><w:t>Next one.</w:t></w:r></w:p>')),
    ).toEqual({
      ok: true,
      text: 'Next one.',
      notes: [],
    })
  })

  it('refuses a PDF whose content stream inflates past the limit, and goes on reading', async () => {
    const bomb = await pdfStreamBomb(32 * 1024 * 1024)
    expect(bomb.length).toBeLessThan(512 * 1024)
    expect(await reader.read('pdf', 'text', bomb)).toEqual({
      ok: false,
      problem: readingMessages.tooMuchInflated(8),
    })
    // Within the limit, the same kind of stream reads.
    expect(await reader.read('pdf', 'text', await pdfStreamBomb(1024 * 1024))).toMatchObject({ ok: true })
    expect(await reader.read('pdf', 'text', pdfWithText('Still reading.'))).toMatchObject({
      ok: true,
      text: expect.stringContaining('Still reading'),
    })
  })
})

describe('the document reader under load and in trouble', () => {
  it('ends a reading past the time limit, counted from when a worker starts on it', async () => {
    // Reading 3,000 pages takes about 6 s here, a page of text milliseconds. With a limit of 1 s the page
    // queued behind them was itself refused as too slow while a second suite ran beside this one: 2 s keeps
    // both far from the limit.
    const reader = readerWith({ timeoutSeconds: 2, maxPdfPages: 10_000 })
    const slow = reader.read('pdf', 'text', await manyPagesPdf(3000))
    const queued = reader.read('pdf', 'text', pdfWithText('Queued behind the slow one.'))
    expect(await slow).toEqual({ ok: false, problem: readingMessages.tooSlow(2) })
    expect(await queued).toMatchObject({ ok: true, text: expect.stringContaining('Queued') })
  })

  it('ends a thread that needs more memory than allowed', async () => {
    const reader = readerWith({ workerMemoryMb: 64, maxMarkupMb: 100, maxInflatedMb: 100 })
    const paragraphs = '<w:p><w:r><w:t>word</w:t></w:r></w:p>'.repeat(400_000)
    const outcome = await reader.read('docx', 'text', await docxWithBody(paragraphs))
    expect(outcome).toEqual({ ok: false, problem: readingMessages.tooMuchMemory(64) })
    expect(await reader.read('pdf', 'text', pdfWithText('Still reading.'))).toMatchObject({ ok: true })
  })

  it('answers 503 with Retry-After when every worker and queue place is taken', async () => {
    const reader = readerWith({ queue: 1, timeoutSeconds: 1, maxPdfPages: 10_000 })
    const slow = await manyPagesPdf(3000)
    const readings = Array.from({ length: 4 }, () => reader.read('pdf', 'text', slow))
    const settled = await Promise.allSettled(readings)
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'rejected'])
    expect((settled[2] as PromiseRejectedResult).reason).toBeInstanceOf(AppError)
    expect((settled[2] as PromiseRejectedResult).reason).toMatchObject({
      status: 503,
      message: readingMessages.busy,
      headers: { 'retry-after': '1' },
    })
    expect(await reader.read('pdf', 'check', slow)).toMatchObject({ ok: true })
  })
})
