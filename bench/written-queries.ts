/**
 * The written query sets of the prior-art benchmark (bench/queries/*.jsonl): corpus patents described the
 * way users describe an invention.
 * - written.jsonl: in plain words and in one line, never sharing a run of three content words with the
 *   patent's own text (so a match must come from the meaning, not from copied phrases);
 * - unfiltered.jsonl: in plain words only, each writer told only to describe the idea in their own words,
 *   as real inventors do, some in the words a patent would use; no rule on shared runs (the check counts
 *   them).
 *
 *   npx tsx --tsconfig server/tsconfig.json bench/written-queries.ts <file.jsonl> [...]   checks files
 */
import fs from 'node:fs'
import path from 'node:path'
import { stemmer } from 'stemmer'
import { eng } from 'stopword'
import type { CorpusRow } from './corpus'

export type WrittenQuery = { reference: string; set: 'evaluate' | 'train'; plain: string; oneLine: string }
/** A description of the unfiltered set: plain words only. */
export type UnfilteredQuery = Omit<WrittenQuery, 'oneLine'>

/** The plain-words descriptions' and one-liners' lengths in words, as the sets are written. */
export const lengths = { plain: { min: 60, max: 120 }, oneLine: { min: 10, max: 20 } }

const stopwords = new Set(eng)
const wordsOf = (text: string) => text.toLowerCase().match(/[a-z0-9]+/g) ?? []
export const wordCount = (text: string) => wordsOf(text).length
/** Content words as Porter stems: "pictures" and "picture" are one word to this check. */
const contentStems = (text: string) =>
  wordsOf(text)
    .filter((w) => !stopwords.has(w))
    .map(stemmer)

/** Every run of three consecutive content words of the patent's title, abstract, claims and description. */
export function patentRuns(row: Pick<CorpusRow, 'title' | 'abstract' | 'claims' | 'description'>) {
  const runs = new Set<string>()
  for (const text of [row.title, row.abstract ?? '', ...(row.claims ?? []), row.description ?? '']) {
    const stems = contentStems(text)
    for (let i = 0; i + 2 < stems.length; i++) runs.add(`${stems[i]} ${stems[i + 1]} ${stems[i + 2]}`)
  }
  return runs
}

/** The first run of three content words the query shares with the patent, or undefined. */
export function sharedRun(query: string, runs: Set<string>) {
  const stems = contentStems(query)
  for (let i = 0; i + 2 < stems.length; i++) {
    const run = `${stems[i]} ${stems[i + 1]} ${stems[i + 2]}`
    if (runs.has(run)) return run
  }
  return undefined
}

function readQueries<T>(file: string) {
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as T)
}
export const readWrittenQueries = (file: string) => readQueries<WrittenQuery>(file)
export const readUnfilteredQueries = (file: string) => readQueries<UnfilteredQuery>(file)

/** The benchmark's query files. */
export const queryFiles = {
  written: new URL('queries/written.jsonl', import.meta.url).pathname,
  unfiltered: new URL('queries/unfiltered.jsonl', import.meta.url).pathname,
}

/**
 * What is wrong with one query: a length outside the set's, or, where the set forbids them (`filtered`), a
 * run shared with the patent.
 */
export function problemsOf(query: WrittenQuery | UnfilteredQuery, runs: Set<string>, filtered: boolean) {
  const problems: string[] = []
  for (const style of ['plain', 'oneLine'] as const) {
    const text = (query as Partial<WrittenQuery>)[style]
    if (text === undefined && !filtered) continue
    const count = wordCount(text ?? '')
    if (count < lengths[style].min || count > lengths[style].max)
      problems.push(`${style}: ${count} words, not ${lengths[style].min}–${lengths[style].max}`)
    const run = filtered && sharedRun(text ?? '', runs)
    if (run) problems.push(`${style}: shares "${run}" with the patent`)
  }
  return problems
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const { readCorpus } = await import('./corpus')
  const rows = new Map((await readCorpus()).map((row) => [row.reference, row]))
  let bad = 0
  for (const file of process.argv.slice(2)) {
    const filtered = !path.basename(file).startsWith('unfiltered')
    const queries = readQueries<WrittenQuery | UnfilteredQuery>(file)
    let sharing = 0
    for (const query of queries) {
      const row = rows.get(query.reference)
      const runs = row ? patentRuns(row) : new Set<string>()
      const problems = row ? problemsOf(query, runs, filtered) : ['no such patent in the corpus']
      if (problems.length > 0) bad += 1
      if (sharedRun(query.plain, runs)) sharing += 1
      for (const problem of problems) console.log(`${file}: ${query.reference}: ${problem}`)
    }
    const shared = filtered ? '' : `; ${sharing} share a run of three content words with their patent`
    console.log(`${file}: ${queries.length} queries checked${shared}`)
  }
  console.log(bad === 0 ? 'all queries pass' : `${bad} queries have problems`)
  process.exitCode = bad === 0 ? 0 : 1
}
