/**
 * A generated USPTO weekly grant archive, as published (`ipgYYMMDD.zip` holding one `ipgYYMMDD.xml` of
 * concatenated `us-patent-grant` documents), for tests and the import benchmark. `tsx --tsconfig
 * server/tsconfig.json server/src/test/uspto-weekly-zip.ts OUT.zip 7000` writes one.
 */
import fs from 'node:fs'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { pathToFileURL } from 'node:url'
import { ZipFile } from 'yazl'

/** A Tuesday, when the USPTO publishes grants: the documents' date and the entry's name. */
const PUBLISHED = '20241231'
/** The fixture's complete grant is the template; the others add words. */
const fixture = fs.readFileSync(
  new URL('../features/patents/fixtures/uspto-grants.xml', import.meta.url),
  'utf8',
)
const END = '</us-patent-grant>'
const template = fixture.slice(0, fixture.indexOf(END) + END.length)
const vocabulary = [
  ...new Set(
    fixture
      .replace(/<[^>]*>|&[a-z]+;/g, ' ')
      .toLowerCase()
      .match(/[a-z]{3,}/g),
  ),
]

/** Writes `grants` generated grants into a weekly archive at `file`, one document in memory at a time. */
export async function writeUsptoWeeklyZip(file: string, { grants }: { grants: number }) {
  const zip = new ZipFile()
  zip.addReadStream(Readable.from(grantDocuments(grants)), `ipg${PUBLISHED.slice(2)}.xml`)
  zip.end()
  await pipeline(zip.outputStream, fs.createWriteStream(file))
}

function* grantDocuments(count: number) {
  const random = seededRandom(count)
  for (let index = 0; index < count; index += 1) yield Buffer.from(`${grantDocument(index, random)}\n`)
}

/**
 * One grant of about 10 to 15 KB (12 on average), like real ones: the template's bibliographic data under a number of its own, and a
 * title, abstract, description and claims drawn from the fixture's words.
 */
function grantDocument(index: number, random: () => number) {
  const pick = <T>(items: T[]) => items[Math.floor(random() * items.length)] as T
  const between = (low: number, high: number) => low + Math.floor(random() * (high - low + 1))
  const words = (count: number) => Array.from({ length: count }, () => pick(vocabulary)).join(' ')
  const sentence = () => {
    const text = words(between(8, 20))
    return `${text[0]?.toUpperCase()}${text.slice(1)}.`
  }
  const paragraph = () => Array.from({ length: between(3, 5) }, sentence).join(' ')

  let number = 1
  const p = (text: string) => {
    number += 1
    const id = String(number).padStart(4, '0')
    return `<p id="p-${id}" num="${String(number - 1).padStart(4, '0')}">${text}</p>`
  }
  const description = ['BACKGROUND', 'SUMMARY', 'DETAILED DESCRIPTION'].flatMap((heading, h) => [
    `<heading id="h-000${h + 1}" level="1">${heading}</heading>`,
    ...Array.from({ length: between(3, 6) }, () => p(paragraph())),
  ])
  const subject = words(2)
  const claims = Array.from({ length: between(8, 14) }, (_, c) => {
    const id = String(c + 1).padStart(5, '0')
    const text =
      c === 0
        ? `1. A ${subject} comprising:\n<claim-text>a ${words(between(3, 8))}; and</claim-text>\n<claim-text>a ${words(between(5, 12))}.</claim-text>\n`
        : `${c + 1}. The ${subject} of <claim-ref idref="CLM-00001">claim 1</claim-ref>, wherein ${words(between(8, 18))}.`
    return `<claim id="CLM-${id}" num="${id}">\n<claim-text>${text}</claim-text>\n</claim>`
  })
  const title = sentence().slice(0, -1)
  const docNumber = String(12_178_001 + index).padStart(8, '0')

  const contents = [
    ['invention-title', title],
    ['abstract', `\n<p id="p-0001" num="0000">${paragraph()}</p>\n`],
    ['description', `\n${description.join('\n')}\n`],
    ['claims', `\n${claims.join('\n')}\n`],
  ] as const
  return contents
    .reduce((xml, [tag, content]) => withContent(xml, tag, content), template)
    .replaceAll('09999991', docNumber)
    .replaceAll('15123456', String(18_000_000 + between(0, 999_999)))
    .replaceAll('20180619', PUBLISHED)
}

/** `xml` with the content of its first `tag` element replaced. */
function withContent(xml: string, tag: string, content: string) {
  const start = xml.indexOf('>', xml.indexOf(`<${tag}`)) + 1
  return xml.slice(0, start) + content + xml.slice(xml.indexOf(`</${tag}>`, start))
}

/** mulberry32: the same archive for the same count, run after run. */
function seededRandom(seed: number) {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = Math.imul(state ^ (state >>> 15), 1 | state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [out, count] = process.argv.slice(2)
  const grants = Number(count)
  if (!out || !Number.isInteger(grants) || grants < 1) throw new Error('give OUT.zip and a number of grants')
  const started = performance.now()
  await writeUsptoWeeklyZip(out, { grants })
  const seconds = ((performance.now() - started) / 1000).toFixed(1)
  console.log(`${grants} grants written to ${out} (${fs.statSync(out).size} bytes) in ${seconds} s`)
}
