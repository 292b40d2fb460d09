import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { corpusDir } from '~/features/patents/corpus'
import { readLines } from '~/features/patents/line-reader'

export type CorpusRecord = { reference: string; title: string; abstract?: string; claims: string[] }

/**
 * A corpus folder with the first `count` records of the shipped corpus (real patents, loaded in seconds)
 * and its classification titles, and those records as read.
 */
export async function firstRecordsCorpus(count: number) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'patentdesk-corpus-'))
  const lines: string[] = []
  for await (const line of readLines(path.join(corpusDir, 'patents.jsonl.gz'))) {
    lines.push(line.text)
    if (lines.length === count) break
  }
  fs.writeFileSync(path.join(dir, 'patents.jsonl.gz'), zlib.gzipSync(`${lines.join('\n')}\n`))
  fs.copyFileSync(
    path.join(corpusDir, 'classification-titles.tsv.gz'),
    path.join(dir, 'classification-titles.tsv.gz'),
  )
  return { dir, records: lines.map((line) => JSON.parse(line) as CorpusRecord) }
}
