/**
 * The import's throughput for each file format `npm run cli -- import FILE` reads (import-file.ts), on each
 * driver: `importPatents` as the CLI calls it, in this process, without npm's and tsx's start-up. Before any
 * timing, --count documents of each format are written to a temporary folder:
 * - JSON Lines: records of the shipped corpus (server/corpus/patents.jsonl.gz, from its first, again from the
 *   first past its end), each under a reference of its own (XI<n>);
 * - USPTO weekly ZIP: the generated ipgYYMMDD.zip of server/src/test/uspto-weekly-zip.ts, ~12 KB of XML a
 *   grant;
 * - USPTO XML: the same archive's XML file, unzipped;
 * - EP XML: ep-patent-documents one after another, each with its declaration, copies of the four well-formed
 *   fixtures of fixtures/epo/ at their real size, each under a publication number of its own (the root's
 *   doc-number and B110);
 * - DOCDB XML: exch:exchange-documents in one exch:exchange-documents root, copies of the eleven records of
 *   fixtures/docdb/, each under a doc-number of its own. Into an empty database they are new records; over a
 *   corpus they would complete the records of their references instead (a merge).
 * Each import runs on a fresh, empty database migrated as the CLI migrates it (db/open.ts), no corpus loaded:
 * PGlite in a data folder of its own, or a PostgreSQL database of its own (dropped after). Per driver and
 * format: the file on disk, the documents written, the seconds from the import's call until the database is
 * closed (PGlite's on disk), documents/s and MB of text (XML or JSON, unzipped) per second from those, the
 * importer's own `seconds` (its summary line's), and this process's RSS when the import began and its peak
 * during it, sampled every 100 ms (with PGlite the database's memory is this process's too). With --runs
 * above 1, the median run's times and the highest peak. Nothing is asserted; the figures are this machine's.
 *   npm run bench:import [-- --count 7000 --drivers pglite,postgres --runs 1
 *     --database-url postgres://postgres@127.0.0.1:5432/postgres]
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { parseArgs } from 'node:util'
import { loadConfig } from '~/config'
import type { Database } from '~/db/database'
import { openDatabase } from '~/db/open'
import { corpusDir } from '~/features/patents/corpus'
import type { ImportFormat } from '~/features/patents/import-file'
import { importPatents } from '~/features/patents/importer'
import { readLines } from '~/features/patents/line-reader'
import type { PatentRecord } from '~/features/patents/patent-record'
import { readZipText } from '~/features/patents/zip-text'
import { createLogger } from '~/logger'
import { writeUsptoWeeklyZip } from '~/test/uspto-weekly-zip'
import { freshDatabase } from './server'

const { values } = parseArgs({
  options: {
    count: { type: 'string', default: '7000' },
    drivers: { type: 'string', default: 'pglite,postgres' },
    runs: { type: 'string', default: '1' },
    'database-url': {
      type: 'string',
      default: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    },
  },
})
const count = Number(values.count)
const runs = Number(values.runs)
const drivers = values.drivers.split(',').map((d) => d.trim())
if (!Number.isInteger(count) || count < 1) throw new Error('--count: give a number of documents')
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs: give a number of runs')
for (const driver of drivers)
  if (driver !== 'pglite' && driver !== 'postgres') throw new Error(`--drivers: no driver ${driver}`)

const fixtures = path.resolve(import.meta.dirname, '../server/src/features/patents/fixtures')
/** The well-formed EP fixtures (v1-5-1-A1-2.xml is not, on purpose). */
const EP_FIXTURES = ['v1-5-A1.xml', 'v1-5-B1.xml', 'v1-5-B2.xml', 'v1-4-A2.xml']
const DOCDB_FIXTURES = ['DE-backfile.xml', 'WO-2023012807-A1_507242069.xml']
const NUMBER = '\u0000number\u0000'
const mb = (bytes: number) => bytes / 2 ** 20
const log = createLogger('warn', { terminal: false })

// The files ----------------------------------------------------------------------------------------------

/** What one file is: its format as the importer should recognise it, and its bytes of text unzipped. */
type ImportFile = { name: string; format: ImportFormat; file: string; textBytes: number }

/** Writes the strings of `parts` to `file` as the disk takes them. */
async function writeParts(file: string, parts: Iterable<string> | AsyncIterable<string>) {
  await pipeline(Readable.from(parts), fs.createWriteStream(file))
  return fs.statSync(file).size
}

/** The first `count` lines of the shipped corpus (all of them when it holds fewer), as they are written. */
async function shippedLines() {
  const lines: string[] = []
  for await (const line of readLines(path.join(corpusDir, 'patents.jsonl.gz'))) {
    if (line.text.trim() !== '') lines.push(line.text)
    if (lines.length === count) break
  }
  return lines
}

function* jsonLines(shipped: string[]) {
  for (let i = 0; i < count; i++) {
    const record = JSON.parse(shipped[i % shipped.length] as string) as PatentRecord
    yield `${JSON.stringify({ ...record, reference: `XI${i}`, docNumber: `I${i}` })}\n`
  }
}

/** A fixture split where its publication number goes: `parts.join(number)` is the document under `number`. */
function numbered(name: string, xml: string, patterns: [RegExp, string][]) {
  const marked = patterns.reduce((text, [pattern, by]) => text.replace(pattern, by), xml)
  const parts = marked.split(NUMBER)
  if (parts.length !== patterns.length + 1) throw new Error(`${name}: no number to replace`)
  return parts
}

/** Each EP fixture in turn, under numbers from 5,000,000 (EP's are seven digits), each with its declaration. */
function* epDocuments() {
  const templates = EP_FIXTURES.map((name) =>
    numbered(name, fs.readFileSync(path.join(fixtures, 'epo', name), 'utf8').trimEnd(), [
      // The root's attribute comes first: the citations' numbers are <doc-number> elements.
      [/ doc-number="\d+"/, ` doc-number="${NUMBER}"`],
      [/<B110>\d+<\/B110>/, `<B110>${NUMBER}</B110>`],
    ]),
  )
  for (let i = 0; i < count; i++) yield `${templates[i % templates.length]?.join(String(5_000_000 + i))}\n`
}

/** The DOCDB fixtures' records in turn, in the DE file's root, under numbers from 9,000,000. */
function* docdbDocuments() {
  const texts = DOCDB_FIXTURES.map((name) => fs.readFileSync(path.join(fixtures, 'docdb', name), 'utf8'))
  const records = texts.flatMap(
    (text) => text.match(/<exch:exchange-document [\s\S]*?<\/exch:exchange-document>/g) ?? [],
  )
  const templates = records.map((record, i) =>
    // A record's own doc-number attribute comes first, in its opening tag.
    numbered(`DOCDB record ${i}`, record, [[/ doc-number="\w+"/, ` doc-number="${NUMBER}"`]]),
  )
  const de = texts[0] as string
  const head = de
    .slice(0, de.indexOf('<exch:exchange-document '))
    .replace(/no-of-documents="\d+"/, `no-of-documents="${String(count).padStart(7, '0')}"`)
  yield head
  for (let i = 0; i < count; i++) yield `${templates[i % templates.length]?.join(String(9_000_000 + i))}\n`
  yield '</exch:exchange-documents>\n'
}

async function writeFiles(folder: string): Promise<ImportFile[]> {
  const at = (name: string) => path.join(folder, name)
  const shipped = await shippedLines()
  const json = await writeParts(at('patents.jsonl'), jsonLines(shipped))
  await writeUsptoWeeklyZip(at('ipg241231.zip'), { grants: count })
  const uspto = await writeParts(at('ipg241231.xml'), readZipText(at('ipg241231.zip')))
  const ep = await writeParts(at('ep.xml'), epDocuments())
  const docdb = await writeParts(at('docdb.xml'), docdbDocuments())
  return [
    { name: 'JSON Lines', format: 'json-lines', file: at('patents.jsonl'), textBytes: json },
    { name: 'USPTO weekly ZIP', format: 'uspto-xml', file: at('ipg241231.zip'), textBytes: uspto },
    { name: 'USPTO XML', format: 'uspto-xml', file: at('ipg241231.xml'), textBytes: uspto },
    { name: 'EP XML', format: 'ep-xml', file: at('ep.xml'), textBytes: ep },
    { name: 'DOCDB XML', format: 'docdb-xml', file: at('docdb.xml'), textBytes: docdb },
  ]
}

// One import ---------------------------------------------------------------------------------------------

/** A fresh, empty database of `driver`, migrated as the CLI opens it; `remove` takes it away after closing. */
async function emptyDatabase(driver: string, folder: string) {
  const dataDir = fs.mkdtempSync(path.join(folder, 'data-'))
  const postgres =
    driver === 'postgres' ? await freshDatabase(values['database-url'], 'bench_import') : undefined
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: postgres?.url,
    CORPUS: 'none',
    LOG_LEVEL: 'warn',
  })
  const database = await openDatabase(config).catch(async (error: unknown) => {
    await postgres?.drop()
    throw error
  })
  return {
    database,
    remove: async () => {
      await postgres?.drop()
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/** This process's highest RSS from now until the returned function is called, sampled every 100 ms. */
function rssPeak() {
  let peak = process.memoryUsage.rss()
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss())
  }, 100)
  return () => {
    clearInterval(timer)
    return Math.max(peak, process.memoryUsage.rss())
  }
}

type Run = { written: number; seconds: number; importerSeconds: number; rssStart: number; rssPeak: number }

/** What a failure or Ctrl-C must still undo: the database of the run under way. */
let removeDatabase: (() => Promise<void>) | undefined

async function importOnce(driver: string, file: ImportFile, folder: string): Promise<Run> {
  const { database, remove } = await emptyDatabase(driver, folder)
  let open: Database | undefined = database
  removeDatabase = async () => {
    await open?.close()
    await remove()
  }
  try {
    const rssStart = process.memoryUsage.rss()
    const peak = rssPeak()
    const started = performance.now()
    const summary = await importPatents(database, file.file, { log })
    await database.close()
    open = undefined
    const seconds = (performance.now() - started) / 1000
    const run = {
      written: summary.written,
      seconds,
      importerSeconds: summary.seconds,
      rssStart,
      rssPeak: peak(),
    }
    if (summary.format !== file.format)
      console.log(`  ${file.name}: read as ${summary.format}, not ${file.format}`)
    if (summary.written !== count || summary.failed > 0) {
      const first = summary.errors[0]
      console.log(
        `  ${driver}, ${file.name}: read ${summary.read}, wrote ${summary.written} of ${count}, refused ${summary.failed}` +
          (first ? `; the first: line ${first.line} (${first.reference}): ${first.message}` : ''),
      )
    }
    return run
  } finally {
    await removeDatabase()
    removeDatabase = undefined
  }
}

// The table ----------------------------------------------------------------------------------------------

function printTable(rows: string[][]) {
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => (r[i] as string).length))) ?? []
  for (const row of rows)
    console.log(
      row
        .map((text, i) => (i < 2 ? text.padEnd(widths[i] as number) : text.padStart(widths[i] as number)))
        .join('  '),
    )
}

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'patentdesk-bench-import-'))
process.once('SIGINT', () => {
  void (removeDatabase?.() ?? Promise.resolve())
    .finally(() => fs.rmSync(folder, { recursive: true, force: true }))
    .finally(() => process.exit(130))
})

console.log(
  `Import throughput by file format: ${count.toLocaleString('en-GB')} documents a file, each import into a fresh, ` +
    "empty database (migrated, no corpus loaded); the files written before any timing; the CLI's own work " +
    "(importPatents as `npm run cli -- import` calls it, then closing the database), without npm's and tsx's " +
    `start-up; ${os.availableParallelism()} cores, ${Math.round(os.totalmem() / 2 ** 30)} GB, this machine only` +
    `${runs > 1 ? `; the median of ${runs} runs, the highest RSS peak` : ''}.`,
)
const rows = [
  [
    'driver',
    'format',
    'file MB',
    'text MB',
    'documents',
    's',
    'documents/s',
    'text MB/s',
    'importer s',
    'RSS start MB',
    'RSS peak MB',
  ],
]
try {
  let started = performance.now()
  const files = await writeFiles(folder)
  console.log(`Files written in ${((performance.now() - started) / 1000).toFixed(1)} s.`)
  for (const driver of drivers)
    for (const file of files) {
      started = performance.now()
      const done: Run[] = []
      for (let run = 0; run < runs; run++) done.push(await importOnce(driver, file, folder))
      const median = [...done].sort((a, b) => a.seconds - b.seconds)[Math.floor(runs / 2)] as Run
      const size = fs.statSync(file.file).size
      rows.push([
        driver === 'postgres' ? 'PostgreSQL' : 'PGlite',
        file.name,
        mb(size).toFixed(1),
        mb(file.textBytes).toFixed(1),
        String(median.written),
        median.seconds.toFixed(1),
        Math.round(median.written / median.seconds).toLocaleString('en-GB'),
        (mb(file.textBytes) / median.seconds).toFixed(1),
        median.importerSeconds.toFixed(1),
        mb(median.rssStart).toFixed(0),
        mb(Math.max(...done.map((r) => r.rssPeak))).toFixed(0),
      ])
      console.log(
        `  ${rows.at(-1)?.slice(0, 2).join(', ')}: ${((performance.now() - started) / 1000).toFixed(1)} s`,
      )
    }
} finally {
  fs.rmSync(folder, { recursive: true, force: true })
}
console.log(
  '\nPer driver and format (MB: 2^20 bytes; text: the XML or JSON unzipped; s: the import and closing the database):',
)
printTable(rows)
