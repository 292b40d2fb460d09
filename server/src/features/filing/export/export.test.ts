import JSZip from 'jszip'
import mammoth from 'mammoth'
import { getDocumentProxy, getMeta } from 'unpdf'
import { beforeAll, describe, expect, it } from 'vitest'
import { mmToPt } from '~/shared/page-units'
import { renderApplicationDocx } from './docx'
import type { ExportDocument } from './export-document'
import { renderApplicationPdf } from './pdf'

const special = 'a temperature of 20 °C ± 2 µm and α ≤ β'

const sample: ExportDocument = {
  reference: 'PA-2026-00042',
  title: 'Thermally stable rotor bearing',
  abstract: `A rotor bearing that is held at ${special}.`,
  description: `Field of the invention\n\nThe invention relates to bearings held at ${special}.\nA second paragraph on the housing.`,
  claims: [
    'A rotor bearing comprising a housing.',
    'A rotor bearing according to claim 1, wherein\nthe housing is steel.',
    'A rotor bearing according to claim 2, kept at 20 °C.',
  ],
  applicationNumber: 'GB2301234.5',
  filingDate: '2026-01-15',
}

const vocabulary = 'the shaft rotates within a housing whose bearing races are lubricated by grease'.split(
  ' ',
)
const closing = 'Finally the zebra quartz marmalade closes the description.'
/** Over 50,000 characters in numbered paragraphs, ending with words used nowhere else. */
const longDescription = `${Array.from(
  { length: 100 },
  (_, p) =>
    `[${String(p + 1).padStart(4, '0')}] ${Array.from({ length: 80 }, (_, w) => vocabulary[(p + w) % vocabulary.length]).join(' ')}.`,
).join('\n\n')}\n\n${closing}`
const long: ExportDocument = {
  ...sample,
  description: longDescription,
  applicationNumber: null,
  filingDate: null,
}

const A4 = { width: 595.28, height: 841.89 }
const margin = mmToPt(20)
const words = (text: string) => text.split(/\s+/).filter(Boolean)
/** 1.5 lines of 12 pt text: 18 pt, plus up to a fifth for the font's own leading. */
const lineAdvance = { min: 1.5 * 12, max: 1.5 * 12 * 1.2 }

type Item = { str: string; x: number; y: number; width: number; fontSize: number }
type Page = { number: number; width: number; height: number; items: Item[]; text: string }

/** Each page's size, its visible text items with positions (y from the bottom), and its text. */
async function readPdf(bytes: Buffer) {
  const pdf = await getDocumentProxy(new Uint8Array(bytes))
  try {
    const pages: Page[] = await Promise.all(
      Array.from({ length: pdf.numPages }, async (_, index) => {
        const page = await pdf.getPage(index + 1)
        const { width, height } = page.getViewport({ scale: 1 })
        // By default pdf.js would turn the micro sign µ into the Greek μ, hiding which one the PDF has.
        const content = await page.getTextContent({ disableNormalization: true })
        const textItems = content.items.filter((item) => 'str' in item)
        const text = textItems
          .map((item) => item.str + (item.hasEOL ? '\n' : ''))
          .join('')
          .replace(/\s+/g, ' ')
        const items = textItems
          .filter((item) => item.str.trim())
          .map(({ str, width, transform: [, , c, d, x, y] }) => ({
            str,
            x,
            y,
            width,
            fontSize: Math.hypot(c, d),
          }))
        return { number: index + 1, width, height, items, text }
      }),
    )
    return { pages, info: (await getMeta(pdf)).info }
  } finally {
    await pdf.destroy()
  }
}

const inBody = (item: Item) => item.y >= margin && item.y <= A4.height - margin
const bodyItems = (page: Page) => page.items.filter(inBody)
const topItem = (page: Page) => bodyItems(page).reduce((top, item) => (item.y > top.y ? item : top))
/** How far the line starting with `start` is below the line above it. */
function spaceAbove(page: Page, start: string) {
  const line = page.items.find((item) => item.str.startsWith(start))
  if (!line) throw new Error(`No line starts with "${start}"`)
  return Math.min(...page.items.filter((item) => item.y > line.y + 1).map((item) => item.y)) - line.y
}
const pageStartingWith = (pages: Page[], heading: string) =>
  pages.findIndex((page) => topItem(page).str === heading)

function expectInOrder(text: string, parts: string[]) {
  let from = 0
  for (const part of parts) {
    const at = text.indexOf(part, from)
    expect(at, `"${part}" after position ${from}`).toBeGreaterThanOrEqual(0)
    from = at + part.length
  }
}

describe('renderApplicationPdf', () => {
  let pages: Page[]
  let info: Record<string, unknown>
  let longPages: Page[]

  beforeAll(async () => {
    ;({ pages, info } = await readPdf(await renderApplicationPdf(sample)))
    ;({ pages: longPages } = await readPdf(await renderApplicationPdf(long)))
  })

  it('puts every page on A4 and every line of text inside the 20 mm margins', () => {
    for (const page of [...pages, ...longPages]) {
      expect(page.width).toBeCloseTo(A4.width, 1)
      expect(page.height).toBeCloseTo(A4.height, 1)
    }
    const items = [...pages, ...longPages].flatMap(bodyItems)
    expect(Math.min(...items.map((item) => item.x))).toBeGreaterThanOrEqual(margin - 0.5)
    expect(Math.max(...items.map((item) => item.x + item.width))).toBeLessThanOrEqual(A4.width - margin + 0.5)
  })

  it('writes 12 pt text at 1.5 line spacing', () => {
    const fullPage = longPages[1] as Page
    const lines = [...new Set(bodyItems(fullPage).map((item) => Math.round(item.y * 10) / 10))]
    const gaps = lines.slice(1).map((y, index) => (lines[index] as number) - y)
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(lineAdvance.min)
    expect(Math.min(...gaps)).toBeLessThanOrEqual(lineAdvance.max)
    expect(bodyItems(fullPage).every((item) => Math.abs(item.fontSize - 12) < 0.1)).toBe(true)
  })

  it('sets the title and the references in the metadata and the first page header only', () => {
    expect(info.Title).toBe(sample.title)
    expect(info.Subject).toContain('PA-2026-00042')
    expect(info.Subject).toContain('GB2301234.5')
    expect(info.Subject).toContain('2026-01-15')
    const header = (pages[0] as Page).items.filter((item) => item.y > A4.height - margin)
    expect(header.map((item) => item.str).join('')).toContain('GB2301234.5')
    expect(pages.slice(1).some((page) => page.text.includes('PA-2026-00042'))).toBe(false)
    const longHeader = (longPages[0] as Page).items.filter((item) => item.y > A4.height - margin)
    expect(longHeader.map((item) => item.str).join('')).toContain('PA-2026-00042')
    expect(longHeader.map((item) => item.str).join('')).not.toContain('Application No')
  })

  it('has the description from page 1, then the claims and the abstract each from a new page', () => {
    expect(pages).toHaveLength(3)
    const [description, claims, abstract] = pages as [Page, Page, Page]
    expect(topItem(description).str).toBe(sample.title)
    expectInOrder(description.text, ['Field of the invention', 'The invention relates', 'A second paragraph'])
    // A single newline in the description still starts a paragraph; one inside a claim only breaks the line.
    expect(spaceAbove(description, 'A second paragraph')).toBeGreaterThan(lineAdvance.max)
    expect(spaceAbove(claims, 'the housing is steel')).toBeLessThanOrEqual(lineAdvance.max)
    expect(pageStartingWith(pages, 'CLAIMS')).toBe(1)
    expectInOrder(claims.text, ['CLAIMS', '1. A rotor bearing', '2. A rotor bearing', '3. A rotor bearing'])
    expect(pageStartingWith(pages, 'ABSTRACT')).toBe(2)
    expectInOrder(abstract.text, ['ABSTRACT', sample.title, 'A rotor bearing that is held'])
  })

  it('keeps Greek letters and symbols intact', () => {
    expect(pages[0]?.text).toContain(special)
    expect(pages[2]?.text).toContain(special)
  })

  it('numbers every page, centred in the bottom margin', () => {
    for (const document of [pages, longPages]) {
      for (const page of document) {
        const footer = page.items.filter((item) => item.y < margin)
        expect(footer.map((item) => item.str)).toEqual([String(page.number)])
        const [number] = footer as [Item]
        expect(number.y).toBeGreaterThanOrEqual(mmToPt(8))
        expect(number.x + number.width / 2).toBeCloseTo(A4.width / 2, 0)
      }
    }
  })

  it('flows a long description over many pages without losing a word', () => {
    expect(longDescription.length).toBeGreaterThan(50_000)
    const claimsPage = pageStartingWith(longPages, 'CLAIMS')
    expect(claimsPage).toBeGreaterThan(5)
    expect(pageStartingWith(longPages, 'ABSTRACT')).toBe(claimsPage + 1)
    expect(longPages[claimsPage - 1]?.text).toContain(closing)
    const descriptionText = longPages
      .slice(0, claimsPage)
      .flatMap((page) => bodyItems(page).map((item) => item.str))
      .join(' ')
    expect(words(descriptionText)).toEqual([...words(long.title), ...words(longDescription)])
  })
})

describe('renderApplicationDocx', () => {
  let text: string
  let xml: (path: string) => Promise<string>

  beforeAll(async () => {
    const bytes = await renderApplicationDocx(sample)
    text = (await mammoth.extractRawText({ buffer: bytes })).value
    const zip = await JSZip.loadAsync(bytes)
    xml = (path) => zip.file(path)?.async('string') ?? Promise.reject(new Error(`${path} is missing`))
  })

  /** The attributes of the first `tag` element in `source`. */
  const attributes = (source: string, tag: string) =>
    Object.fromEntries(
      [
        ...(source.match(new RegExp(`<${tag}(?=[\\s/>])[^>]*>`))?.[0] ?? '').matchAll(/([\w:]+)="([^"]*)"/g),
      ].map(([, name, value]) => [name, value]),
    )

  it('has the sections in order with the claims numbered', async () => {
    expectInOrder(text, [
      sample.title,
      'Field of the invention',
      `The invention relates to bearings held at ${special}.\n\nA second paragraph`,
      'CLAIMS',
      '1. A rotor bearing comprising a housing.',
      '2. A rotor bearing according to claim 1, wherein',
      'the housing is steel.',
      '3. A rotor bearing',
      'ABSTRACT',
      sample.title,
      `A rotor bearing that is held at ${special}.`,
    ])
    // mammoth's text drops line breaks, so the one inside claim 2 is checked in the XML, and that
    // justification leaves the line before it alone.
    expect(await xml('word/document.xml')).toMatch(
      /wherein<\/w:t><\/w:r><w:r><w:br\/><w:t[^>]*>the housing is steel/,
    )
    expect(await xml('word/settings.xml')).toContain('<w:doNotExpandShiftReturn/>')
  })

  it('lays out A4 pages with 20 mm margins, a page number footer and page breaks before Claims and Abstract', async () => {
    const document = await xml('word/document.xml')
    expect(attributes(document, 'w:pgSz')).toMatchObject({ 'w:w': '11906', 'w:h': '16838' })
    expect(attributes(document, 'w:pgMar')).toMatchObject({
      'w:top': '1134',
      'w:right': '1134',
      'w:bottom': '1134',
      'w:left': '1134',
    })
    expect(document.match(/<w:pageBreakBefore\/>/g)).toHaveLength(2)
    expect(document.match(/<w:pStyle w:val="Heading1"\/>/g)).toHaveLength(3)
    const rels = await xml('word/_rels/document.xml.rels')
    /** The header or footer part that `reference` (e.g. a first-page footer) points to. */
    const part = (reference: string) => {
      const id = attributes(document, reference)['r:id']
      return id ? xml(`word/${attributes(rels, `Relationship Id="${id}"`).Target}`) : undefined
    }
    for (const type of ['default', 'first']) {
      expect(await part(`w:footerReference w:type="${type}"`)).toMatch(
        /<w:instrText[^>]*>\s*PAGE\s*<\/w:instrText>/,
      )
    }
    // The header line is on the first page only.
    expect(document).toContain('<w:titlePg/>')
    expect(await part('w:headerReference w:type="first"')).toContain(
      'Our ref: PA-2026-00042   Application No: GB2301234.5   Filing date: 2026-01-15',
    )
    expect(part('w:headerReference w:type="default"')).toBeUndefined()
  })

  it('sets 12 pt text at 1.5 line spacing as the default style, and the title in the core properties', async () => {
    const styles = await xml('word/styles.xml')
    const defaults = styles.match(/<w:docDefaults>.*<\/w:docDefaults>/)?.[0] ?? ''
    expect(attributes(defaults, 'w:spacing')).toMatchObject({ 'w:line': '360', 'w:lineRule': 'auto' })
    expect(attributes(defaults, 'w:sz')).toMatchObject({ 'w:val': '24' })
    expect(await xml('docProps/core.xml')).toContain(`<dc:title>${sample.title}</dc:title>`)
  })

  it('keeps a long description whole', async () => {
    const longText = (await mammoth.extractRawText({ buffer: await renderApplicationDocx(long) })).value
    expectInOrder(longText, ['[0001]', '[0100]', closing, 'CLAIMS', 'ABSTRACT'])
  })
})
