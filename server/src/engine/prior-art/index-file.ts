import fs from 'node:fs'
import { Bm25fIndex, type PostingLists } from './bm25f'
import { FIELDS, type FieldTexts } from './bm25f-fields'
import { RANKINGS, SEARCH_PARAMS } from './params'
import { type FactArrays, FactsBuilder, type PatentFacts, readFacts } from './patent-facts'
import { Bm25fBuilder, type ListArrays } from './postings-builder'
import type { FieldTokens } from './tokeniser'

/**
 * The patent index as one file (docs/decisions/0014): built once per corpus version by a process of its
 * own, then read by every thread that searches. What a query touches on every call (the vocabulary, each
 * term's postings range, field lengths, the filters' facts) is read into memory; the postings and each
 * patent's terms in order stay on disk and are read per query, so they cost the server page cache, not
 * heap. The postings hold each ranking's impacts (RANKINGS), so a file answers for the parameters it was
 * built with; its name says which (build-index.ts). The search box's ranking has top lists (top-lists.ts).
 * Each patent's terms are followed by where its sentences and paragraphs begin (WITH and SAME), its facts
 * (dates, codes, names, family) kept apart. Sections first, then a JSON footer naming them, its length and
 * a magic number.
 */
export const INDEX_FORMAT = 5
const MAGIC = 0x58494450 // "PDIX"
const F = FIELDS.length
/** Writes are gathered up to this size. */
const CHUNK = 1 << 20

export type IndexedPatent = {
  reference: string
  texts: FieldTexts
  filingDate: string | null
  priorityDate: string | null
  publicationDate: string | null
  /** CPC and IPC codes. */
  codes: string[]
  /** Applicant and assignee names. */
  applicants: string[]
  inventors: string[]
  /** DOCDB's family number, when an office's file gave one. */
  familyId: string | null
  /** The references its family list names (priorities, parents, PCT application): families.ts. */
  relatives: string[]
}

type Section = [offset: number, bytes: number]
type Footer = {
  format: number
  version: string
  rankings: typeof RANKINGS
  terms: string[]
  references: string[]
  codes: string[]
  applicantWords: string[]
  inventorWords: string[]
  sections: Record<string, Section>
}

/** Appends bytes to a file through a buffer. */
class Appender {
  offset = 0
  private readonly buffer = Buffer.allocUnsafe(CHUNK)
  private used = 0
  constructor(private readonly fd: number) {}

  write(data: ArrayBufferView): Section {
    const start = this.offset
    const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength)
    if (bytes.length > CHUNK - this.used) this.flush()
    if (bytes.length >= CHUNK) fs.writeSync(this.fd, bytes)
    else {
      bytes.copy(this.buffer, this.used)
      this.used += bytes.length
    }
    this.offset += bytes.length
    return [start, bytes.length]
  }

  flush() {
    if (this.used > 0) fs.writeSync(this.fd, this.buffer, 0, this.used)
    this.used = 0
  }
}

/**
 * Builds the index file from patents added in order (document ids 0, 1, 2…). Each patent's terms go to disk
 * as it is added; the postings are sorted in memory at the end. Written under a temporary name and renamed,
 * so a reader never sees half a file.
 */
export class IndexFileWriter {
  private readonly temporary: string
  private readonly fd: number
  private readonly out: Appender
  private readonly builder = new Bm25fBuilder()
  private readonly facts = new FactsBuilder()
  private readonly references: string[] = []
  /** Each document's count of sentence breaks, all fields together. */
  private readonly breakTotals: number[] = []

  constructor(private readonly path: string) {
    this.temporary = `${path}.${process.pid}.${Date.now()}.tmp`
    this.fd = fs.openSync(this.temporary, 'w')
    this.out = new Appender(this.fd)
  }

  add(patent: IndexedPatent) {
    const tokens = FIELDS.map((field) => this.builder.tokeniser.tokenise(patent.texts[field]))
    this.addTokenised(patent, tokens)
  }

  /**
   * Adds a patent whose texts a Tokeniser elsewhere tokenised (FIELDS order), once this writer has learnt
   * the terms that one numbered so far (`learn`).
   */
  addTokenised(patent: Omit<IndexedPatent, 'texts'>, tokens: FieldTokens[]) {
    this.builder.addIds(tokens.map((t) => t.ids))
    // A document's terms per field, then its count of breaks per field, then the breaks (fieldTokens).
    for (const { ids } of tokens) this.out.write(ids)
    this.out.write(Uint32Array.from(tokens, (t) => t.breaks.length))
    for (const { breaks } of tokens) this.out.write(breaks)
    this.breakTotals.push(tokens.reduce((sum, t) => sum + t.breaks.length, 0))
    this.facts.add(patent)
    this.references.push(patent.reference)
  }

  learn(terms: string[]) {
    this.builder.tokeniser.learn(terms)
  }

  /** Writes the rest and puts the file in place; answers how many patents it holds. */
  finish(version: string) {
    try {
      const forward: Section = [0, this.out.offset]
      const built = this.builder.build(RANKINGS, SEARCH_PARAMS)
      const top = built.top as NonNullable<typeof built.top>
      const facts = this.facts.build()
      const sections: Record<string, Section> = {
        forward,
        ...this.writeLists('', built.all),
        ...this.writeLists('title', built.title),
        topStarts: this.out.write(top.starts),
        topDocs: this.out.write(top.docs),
        topBounds: this.out.write(top.bounds),
        lengths: this.out.write(built.lengths),
        filingDays: this.out.write(facts.filingDays),
        earliestDays: this.out.write(facts.earliestDays),
        publicationDays: this.out.write(facts.publicationDays),
        codeStarts: this.out.write(facts.codes.starts),
        codeIds: this.out.write(facts.codes.ids),
        applicantStarts: this.out.write(facts.applicants.starts),
        applicantIds: this.out.write(facts.applicants.ids),
        inventorStarts: this.out.write(facts.inventors.starts),
        inventorIds: this.out.write(facts.inventors.ids),
        families: this.out.write(facts.families),
        breakTotals: this.out.write(Uint32Array.from(this.breakTotals)),
      }
      const footer: Footer = {
        format: INDEX_FORMAT,
        version,
        rankings: RANKINGS,
        terms: built.terms,
        references: this.references,
        codes: facts.codes.names,
        applicantWords: facts.applicants.names,
        inventorWords: facts.inventors.names,
        sections,
      }
      const json = Buffer.from(JSON.stringify(footer))
      this.out.write(json)
      this.out.write(new Uint32Array([json.length, MAGIC]))
      this.out.flush()
      fs.fsyncSync(this.fd)
      fs.closeSync(this.fd)
      fs.renameSync(this.temporary, this.path)
      return { patents: this.references.length }
    } catch (error) {
      this.abort()
      throw error
    }
  }

  /** A set of posting lists' sections, named with `prefix`. */
  private writeLists(prefix: string, { starts, docs, impacts }: ListArrays) {
    const sections: Record<string, Section> = {
      [`${prefix}starts`]: this.out.write(starts),
      [`${prefix}docs`]: this.out.write(docs),
    }
    impacts.forEach((values, r) => {
      sections[`${prefix}impacts${r}`] = this.out.write(values)
    })
    return sections
  }

  /** Drops the file being written. */
  abort() {
    try {
      fs.closeSync(this.fd)
    } catch {}
    fs.rmSync(this.temporary, { force: true })
  }
}

/** An index file open for queries. */
export class IndexFile {
  readonly bm25: Bm25fIndex
  readonly facts: PatentFacts
  readonly references: string[]
  private readonly terms: string[]
  private docByReference: Map<string, number> | undefined
  private sortedTermIds: Uint32Array | undefined
  /** Where the forward section (each document's terms in order) starts in the file. */
  private readonly forwardAt: number
  /** Where each document's terms start in the forward section, counted in terms. */
  private readonly forwardStarts: Float64Array
  private readonly lengths: Uint32Array
  private readonly forward: Scratch

  private constructor(
    private readonly fd: number,
    footer: Footer,
  ) {
    const section = <T>(name: string, make: (buffer: ArrayBuffer) => T) =>
      make(this.readSection(footer.sections[name]))
    this.terms = footer.terms
    this.references = footer.references
    this.lengths = section('lengths', (b) => new Uint32Array(b))
    /** Lists read per query: the starts in memory, documents and impacts from the file into kept buffers. */
    const lists = (prefix: string): PostingLists => {
      const at = (name: string) => (footer.sections[`${prefix}${name}`] as Section)[0]
      const docsAt = at('docs')
      const impactsAt = RANKINGS.map((_, r) => at(`impacts${r}`))
      const docs = new Scratch(fd)
      const impacts = new Scratch(fd)
      return {
        starts: section(`${prefix}starts`, (b) => new Uint32Array(b)),
        docs: (from, to) => new Uint32Array(docs.read(docsAt + from * 4, (to - from) * 4), 0, to - from),
        impacts: (ranking, from, to) =>
          new Float32Array(
            impacts.read((impactsAt[ranking] as number) + from * 4, (to - from) * 4),
            0,
            to - from,
          ),
      }
    }
    const topDocsAt = (footer.sections.topDocs as Section)[0]
    const topDocs = new Scratch(fd)
    this.bm25 = new Bm25fIndex(this.terms, this.lengths, RANKINGS, lists(''), lists('title'), {
      ranking: RANKINGS.indexOf(SEARCH_PARAMS),
      starts: section('topStarts', (b) => new Uint32Array(b)),
      bounds: section('topBounds', (b) => new Float32Array(b)),
      docs: (from, to) => new Uint32Array(topDocs.read(topDocsAt + from * 4, (to - from) * 4), 0, to - from),
    })
    const facts = <T>(names: (keyof FactArrays)[], make: (buffer: ArrayBuffer) => T) =>
      Object.fromEntries(names.map((name) => [name, section(name, make)]))
    this.facts = readFacts(
      {
        ...facts(['filingDays', 'earliestDays', 'publicationDays'], (b) => new Int32Array(b)),
        ...facts(
          [
            'codeStarts',
            'codeIds',
            'applicantStarts',
            'applicantIds',
            'inventorStarts',
            'inventorIds',
            'families',
          ],
          (b) => new Uint32Array(b),
        ),
      } as FactArrays,
      footer,
    )
    // Each document's terms, then F counts of breaks, then its breaks (IndexFileWriter.addTokenised).
    const breakTotals = section('breakTotals', (b) => new Uint32Array(b))
    this.forwardStarts = new Float64Array(this.references.length + 1)
    for (let doc = 0; doc < this.references.length; doc++) {
      let total = F + (breakTotals[doc] as number)
      for (let f = 0; f < F; f++) total += this.lengths[doc * F + f] as number
      this.forwardStarts[doc + 1] = (this.forwardStarts[doc] as number) + total
    }
    this.forwardAt = (footer.sections.forward as Section)[0]
    this.forward = new Scratch(fd)
  }

  /** Opens an index file; throws when it is not one of this format. */
  static open(path: string) {
    const fd = fs.openSync(path, 'r')
    try {
      const { size } = fs.fstatSync(fd)
      const tail = new Uint32Array(readAt(fd, size - 8, 8))
      if (size < 8 || tail[1] !== MAGIC) throw new Error(`${path} is not a patent index`)
      const length = tail[0] as number
      const footer = JSON.parse(Buffer.from(readAt(fd, size - 8 - length, length)).toString()) as Footer
      if (footer.format !== INDEX_FORMAT) throw new Error(`${path} is of format ${footer.format}`)
      if (JSON.stringify(footer.rankings) !== JSON.stringify(RANKINGS))
        throw new Error(`${path} was built for other BM25F parameters`)
      return new IndexFile(fd, footer)
    } catch (error) {
      fs.closeSync(fd)
      throw error
    }
  }

  get size() {
    return this.references.length
  }

  /**
   * A document's term ids in order (Bm25fIndex's `termIdOf`) and its sentence breaks (Tokeniser.tokenise),
   * per field (FIELDS order); valid until the next call, which reuses the memory: a query checks thousands
   * of documents one after another, and a buffer of its own for each doubled the cost of the read.
   */
  fieldTokens(doc: number): FieldTokens[] {
    const from = this.forwardStarts[doc] as number
    const length = (this.forwardStarts[doc + 1] as number) - from
    const all = new Uint32Array(this.forward.read(this.forwardAt + from * 4, length * 4), 0, length)
    let at = 0
    const ids = FIELDS.map((_, f) => {
      const length = this.lengths[doc * F + f] as number
      at += length
      return all.subarray(at - length, at)
    })
    const counts = all.subarray(at, at + F)
    at += F
    return ids.map((fieldIds, f) => {
      const count = counts[f] as number
      at += count
      return { ids: fieldIds, breaks: all.subarray(at - count, at) }
    })
  }

  /**
   * The ids of the terms that begin with `prefix` and pass `test`, at most `limit` (a truncated word's
   * terms): found by binary search in the terms sorted once, on first use, so that a truncation costs its
   * prefix's range, not the whole vocabulary.
   */
  termIdsMatching(prefix: string, test: (term: string) => boolean, limit: number) {
    const terms = this.terms
    this.sortedTermIds ??= Uint32Array.from(terms.keys()).sort((a, b) =>
      (terms[a] as string) < (terms[b] as string) ? -1 : 1,
    )
    const sorted = this.sortedTermIds
    let low = 0
    let high = sorted.length
    while (low < high) {
      const middle = (low + high) >>> 1
      if ((terms[sorted[middle] as number] as string) < prefix) low = middle + 1
      else high = middle
    }
    const ids: number[] = []
    for (let at = low; at < sorted.length && ids.length < limit; at++) {
      const term = terms[sorted[at] as number] as string
      if (!term.startsWith(prefix)) break
      if (test(term)) ids.push(sorted[at] as number)
    }
    return ids.sort((a, b) => a - b)
  }

  /** The term an id stands for; undefined for -1, a term the index lacks. */
  termOf(id: number) {
    return this.terms[id]
  }

  /** The document ids of the references the index holds (a map made on first use: CT= alone needs it). */
  docsOf(references: string[]) {
    this.docByReference ??= new Map(this.references.map((reference, doc) => [reference, doc]))
    const byReference = this.docByReference
    return references.flatMap((reference) => byReference.get(reference) ?? [])
  }

  /** How many documents hold the term of an id. */
  documentFrequencyOfId(id: number) {
    const term = this.terms[id]
    return term === undefined ? 0 : this.bm25.documentFrequency(term)
  }

  /** The documents holding the term of an id (in their title, with `inTitle`), in id order. */
  documentsWithId(id: number, inTitle = false) {
    const term = this.terms[id]
    return term === undefined ? new Uint32Array(0) : this.bm25.documentsWith(term, inTitle)
  }

  /** A document's terms in order, per field (FIELDS order). */
  fieldTerms(doc: number): string[][] {
    return this.fieldTokens(doc).map(({ ids }) => Array.from(ids, (id) => this.terms[id] as string))
  }

  close() {
    fs.closeSync(this.fd)
  }

  private readSection(section: Section | undefined) {
    if (!section) throw new Error('index file lacks a section')
    return readAt(this.fd, section[0], section[1])
  }
}

/** Fills `view` from the file at `position`. */
function readInto(fd: number, view: Uint8Array, position: number) {
  let done = 0
  while (done < view.length) {
    const read = fs.readSync(fd, view, done, view.length - done, position + done)
    if (read === 0) throw new Error('index file ended early')
    done += read
  }
}

/** `bytes` bytes at `position`, in a buffer of their own (so typed arrays over it are aligned). */
function readAt(fd: number, position: number, bytes: number) {
  const buffer = new ArrayBuffer(bytes)
  readInto(fd, new Uint8Array(buffer), position)
  return buffer
}

/**
 * Reads into one buffer, kept and grown to the largest read: a query reads hundreds of megabytes of
 * postings at a million patents, and a new buffer per list cost a page fault per 4 KB of it (more than
 * the copy). What a read answers is overwritten by the next.
 */
class Scratch {
  private buffer = new ArrayBuffer(0)
  constructor(private readonly fd: number) {}

  read(position: number, bytes: number) {
    if (this.buffer.byteLength < bytes)
      this.buffer = new ArrayBuffer(Math.max(bytes, this.buffer.byteLength * 2))
    readInto(this.fd, new Uint8Array(this.buffer, 0, bytes), position)
    return this.buffer
  }
}
