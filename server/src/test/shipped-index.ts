import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll } from 'vitest'
import { IndexFile, IndexFileWriter } from '~/engine/prior-art/index-file'
import type { PercolatedPatent } from '~/engine/prior-art/percolate'
import { indexedPatent } from '~/engine/prior-art/prior-art.repo'
import { corpusDir } from '~/features/patents/corpus'
import { parseRecord } from '~/features/patents/importer'
import { readLines } from '~/features/patents/line-reader'

/**
 * The first `count` patents of the shipped corpus file as the index holds them, with their citations
 * (real texts: headings, "FIG. 2", claims a line each), and a folder for index files, removed after the
 * test file.
 */
export async function shippedPatents(count: number) {
  const patents: PercolatedPatent[] = []
  for await (const line of readLines(path.join(corpusDir, 'patents.jsonl.gz'))) {
    const parsed = parseRecord(line.text, line.number)
    if ('row' in parsed) patents.push({ ...indexedPatent(parsed.row), citations: parsed.row.citations ?? [] })
    if (patents.length === count) break
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'patentdesk-shipped-index-'))
  const opened: IndexFile[] = []
  afterAll(() => {
    for (const file of opened) file.close()
    fs.rmSync(dir, { recursive: true, force: true })
  })
  /** An index file of the patents, open until the test file ends. */
  const indexOf = () => {
    const writer = new IndexFileWriter(path.join(dir, 'corpus.index'))
    for (const patent of patents) writer.add(patent)
    writer.finish('v1')
    const file = IndexFile.open(path.join(dir, 'corpus.index'))
    opened.push(file)
    return file
  }
  return { patents, dir, indexOf }
}
