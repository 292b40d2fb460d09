import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { ancestorsOf } from '~/features/patents/classifications'
import { corpusDir } from '~/features/patents/corpus'
import { readLines } from '~/features/patents/line-reader'

export type CorpusRecord = {
  reference: string
  title: string
  abstract?: string
  claims: string[]
  description?: string
  cpc?: string[]
  ipc?: string[]
}

/**
 * Records of the shipped corpus the fixture corpus holds besides its first 400, each for a question the
 * search tests ask: what the first 400 records (granted before 2012, few of them about computing) lack.
 */
export const fixtureReferences = [
  // A sparse record (no claims, family or classifications), and an exact title to find first.
  'US7441308',
  // Two near-duplicate bicycle activity monitors: similarity, "bicycle tracker", "bicycle -cloud".
  'US9157742',
  'US9194955',
  // A bicycle water bottle: a bicycle that tracks nothing. Tricyclic compounds: "bicycle OR tricycle".
  'US8317058',
  'US8461328',
  // "neural network" as a phrase, and neural … network apart.
  'US7430477',
  'US7624080',
  'US7587374',
  'US7521045B2',
  'US8089389B2',
  // Batteries in applications filed in 2012 (a date filter).
  'US8571781',
  'US9191486',
  'US9325662',
  // Qualcomm processors (an applicant filter).
  'US7917907',
  'US7590824',
]

/** How many records from the top of the shipped corpus the fixture corpus starts with. */
const fixtureHead = 400

/**
 * The fixture corpus of the integration tests: the first 400 records of the shipped corpus and the
 * {@link fixtureReferences} (415 real patents, loaded in a few seconds where the whole corpus takes a minute),
 * written to a folder with the classification titles they can show, which its readers must leave as it is.
 */
export function fixtureCorpus() {
  fixture ??= writeFixtureCorpus()
  return fixture
}

/**
 * The fixture corpus a process wrote, which its later files read again (a worker runs one file after
 * another): finding its last records decompresses most of the shipped corpus, 2–3 s each time.
 */
let fixture: ReturnType<typeof writeCorpus> | undefined

async function writeFixtureCorpus() {
  const wanted = new Set(fixtureReferences)
  const corpus = await writeCorpus(
    (text, number) => {
      if (number <= fixtureHead) return true
      return wanted.delete(referenceOf(text))
    },
    () => wanted.size === 0,
  )
  // Read-only for its files, and removed with the process.
  process.once('exit', () => fs.rmSync(corpus.dir, { recursive: true, force: true }))
  return corpus
}

/**
 * A corpus folder with the first `count` records of the shipped corpus (real patents, loaded in seconds)
 * and the classification titles they can show, and those records as read.
 */
export function firstRecordsCorpus(count: number) {
  return writeCorpus(
    (_text, number) => number <= count,
    (taken) => taken === count,
  )
}

/** A corpus folder with the shipped records named (in the corpus's order), and those records as read. */
export function namedRecordsCorpus(references: string[]) {
  const named = new Set(references)
  return writeCorpus(
    (text) => named.delete(referenceOf(text)),
    () => named.size === 0,
  )
}

/**
 * The corpus of the browser tests' server (CORPUS_DIR): the first 5,000 records of the shipped corpus and
 * the patents the specs name beyond them, written to `dir`. What they check needs no more, and the whole
 * corpus cost a first start 75 s and the minutes of vectorising that followed (docs/decisions/0030).
 */
export function browserTestCorpus(dir: string) {
  const named = new Set(['US7895817'])
  return writeCorpus(
    (text, number) => number <= 5000 || named.delete(referenceOf(text)),
    () => named.size === 0,
    dir,
  )
}

/** A shipped record's reference, read from the head of its line without parsing the rest of it. */
const referenceOf = (line: string) => /^\{"reference":"([^"]+)"/.exec(line)?.[1] ?? ''

async function writeCorpus(
  keep: (text: string, number: number) => boolean,
  done: (taken: number) => boolean,
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'patentdesk-corpus-')),
) {
  fs.mkdirSync(dir, { recursive: true })
  const lines: string[] = []
  for await (const line of readLines(path.join(corpusDir, 'patents.jsonl.gz'))) {
    if (keep(line.text, line.number)) lines.push(line.text)
    if (done(lines.length)) break
  }
  const records = lines.map((line) => JSON.parse(line) as CorpusRecord)
  fs.writeFileSync(path.join(dir, 'patents.jsonl.gz'), zlib.gzipSync(`${lines.join('\n')}\n`))
  await writeTitlesOf(records, path.join(dir, 'classification-titles.tsv.gz'))
  return { dir, records }
}

/**
 * The shipped classification titles the records can show: those of their codes and of the codes' parents,
 * the only titles a patent's details read (classifications.ts). Loading all 64,708 took 3.8 s of every
 * file that loads a corpus, and up to 10 s with the suite running.
 */
async function writeTitlesOf(records: CorpusRecord[], file: string) {
  const codes = new Set(records.flatMap((r) => [...(r.cpc ?? []), ...(r.ipc ?? [])].flatMap(ancestorsOf)))
  const kept: string[] = []
  for await (const line of readLines(path.join(corpusDir, 'classification-titles.tsv.gz'))) {
    if (line.number === 1 || codes.has(line.text.slice(0, line.text.indexOf('\t')))) kept.push(line.text)
  }
  fs.writeFileSync(file, zlib.gzipSync(`${kept.join('\n')}\n`))
}
