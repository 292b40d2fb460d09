import { referenceKey } from '@patentdesk/contract/patent-references'
import { type PatentDetail, patentMessages } from '@patentdesk/contract/patents'
import type { Db } from '~/db/database'
import { AppError } from '~/errors'
import type { PatentSource } from '~/providers/patent-sources/types'
import { ancestorsOf, describeClassifications } from './classifications'
import * as repo from './patents.repo'

type PatentRow = NonNullable<Awaited<ReturnType<typeof repo.findPatent>>>

/** The citations as the office detailed them, else the plain list of cited references. */
const citationsOf = (row: PatentRow) =>
  row.citationDetails.length > 0
    ? row.citationDetails.map((c) => ({ ...c, held: false }))
    : row.citations.map((reference) => ({
        reference,
        text: reference,
        category: null,
        claims: null,
        passage: null,
        phase: null,
        held: false,
      }))

/**
 * A patent's details: the corpus's record (its family completed from a source when it has none, and its
 * relatives the corpus holds added), else the first configured source that knows it; the family members
 * and cited documents the corpus holds are marked, and the patents of the corpus that cite it listed.
 */
export type PatentDetails = ReturnType<typeof createPatentDetails>

export function createPatentDetails({ db, sources }: { db: Db; sources: PatentSource[] }) {
  /** The corpus's record of a reference, however it is written; a 404 when it holds none. */
  async function requirePatent(reference: string) {
    const row = await repo.findPatent(db, reference)
    if (!row) throw new AppError('NOT_FOUND', patentMessages.notFound)
    return row
  }

  async function toDetail(row: PatentRow): Promise<PatentDetail> {
    const codes = [
      ...row.cpc.map((code) => ({ code, scheme: 'CPC' as const })),
      ...row.ipc.map((code) => ({ code, scheme: 'IPC' as const })),
    ]
    const titles = await repo.findClassificationTitles(db, [
      ...new Set(codes.flatMap((c) => ancestorsOf(c.code))),
    ])
    return {
      reference: row.reference,
      title: row.title,
      source: row.source,
      status: row.status,
      abstract: row.abstract,
      description: row.description,
      filingDate: row.filingDate,
      publicationDate: row.publicationDate,
      grantDate: row.grantDate,
      priority: row.priorityDate,
      applicationNumber: row.applicationNumber,
      kind: row.kind,
      documentType: row.documentType,
      country: row.country,
      applicants: row.applicants.length > 0 ? row.applicants : row.assignees,
      inventors: row.inventors,
      claims: row.claims,
      family: row.family.map((f) => ({
        reference: f.reference,
        type: f.type,
        date: f.date ?? null,
        held: false,
      })),
      designatedStates: row.designatedStates,
      cpc: row.cpc,
      ipc: row.ipc,
      classifications: describeClassifications(codes, new Map(titles.map((t) => [t.code, t.title]))),
      citations: citationsOf(row),
      citedBy: { total: 0, patents: [] },
      language: row.language,
      otherTexts: row.otherTexts,
    }
  }

  /** The other publications of its number and its DOCDB family's members the corpus holds, as family. */
  async function withRelatives(detail: PatentDetail, row: PatentRow): Promise<PatentDetail> {
    const relatives = await repo.findRelatives(db, row)
    const listed = new Set(detail.family.map((f) => referenceKey(f.reference)))
    const added = relatives
      .filter((r) => r.sameNumber || !listed.has(referenceKey(r.reference)))
      .map((r) => ({
        reference: r.reference,
        type: r.sameNumber ? 'publication' : 'family member',
        date: r.publicationDate,
        held: false,
      }))
    return { ...detail, family: [...detail.family, ...added] }
  }

  /** Who in the corpus cites it, and which of the documents it cites have a details page here. */
  async function withCitations(detail: PatentDetail): Promise<PatentDetail> {
    const references = detail.citations.flatMap((c) => (c.reference ? [c.reference] : []))
    const [held, citedBy] = await Promise.all([
      repo.findHeldReferences(db, references),
      repo.findCitingPatents(db, detail.reference),
    ])
    return {
      ...detail,
      citations: detail.citations.map((c) => ({ ...c, held: c.reference !== null && held.has(c.reference) })),
      citedBy,
    }
  }

  async function withFamily(detail: PatentDetail) {
    if (detail.family.length > 0) return detail
    for (const source of sources) {
      const family = await source.family?.(detail.reference).catch(() => [])
      if (family && family.length > 0) return { ...detail, family }
    }
    return detail
  }

  /** Marks the family members the corpus holds: only those have a details page here. */
  async function withHeldFamily(detail: PatentDetail): Promise<PatentDetail> {
    if (detail.family.length === 0) return detail
    const held = await repo.findHeldReferences(
      db,
      detail.family.map((f) => f.reference),
    )
    return {
      ...detail,
      family: detail.family.map((f) => ({ ...f, held: held.has(f.reference) })),
    }
  }

  return {
    requirePatent,

    /** Local record first (its family completed from a source when it has none), then the sources. */
    async details(reference: string) {
      const row = await repo.findPatent(db, reference)
      if (row)
        return withCitations(
          await withHeldFamily(await withRelatives(await withFamily(await toDetail(row)), row)),
        )
      for (const source of sources) {
        const found = await source.details?.(reference).catch(() => undefined)
        if (found) return withCitations(await withHeldFamily(found))
      }
      throw new AppError('NOT_FOUND', patentMessages.notFound)
    },
  }
}
