import { z } from 'zod'
import type { patents } from '~/db/schema'

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date like 2016-07-19')
  .nullish()
const strings = z.array(z.string()).nullish()
const text = z.string().nullish()

/** One patent in the JSON Lines shape of the shipped corpus (see server/corpus/README.md). */
export const PatentRecordSchema = z.object({
  reference: z.string().trim().min(2, 'reference is required').max(40),
  country: z.string().trim().min(2).max(4),
  docNumber: z.string().trim().min(1).max(30),
  kind: text,
  documentType: z.string().trim().min(1).max(40),
  title: z.string().trim().min(1, 'title is required').max(1000),
  abstract: text,
  description: text,
  descriptionTruncated: z.boolean().nullish(),
  claims: strings,
  applicationNumber: text,
  applicationType: text,
  filingDate: isoDate,
  publicationDate: isoDate,
  grantDate: isoDate,
  priorityDate: isoDate,
  applicants: strings,
  applicantCity: text,
  applicantCountry: text,
  assignees: strings,
  inventors: strings,
  cpc: strings,
  ipc: strings,
  family: z
    .array(z.object({ reference: z.string(), type: z.string(), date: z.string().nullish() }))
    .nullish(),
  citations: strings,
  citationDetails: z
    .array(
      z.object({
        reference: text,
        text: z.string().max(4000),
        category: text,
        claims: text,
        passage: text,
        phase: text,
      }),
    )
    .nullish(),
  familyId: text,
  otherTexts: z
    .array(
      z.object({
        lang: z.string().min(2).max(8),
        title: text,
        abstract: text,
        description: text,
        claims: strings,
      }),
    )
    .nullish(),
  designatedStates: strings,
  status: text,
  language: text,
  source: z.string().trim().min(1).max(100).default('import'),
  sourceDataset: text,
  licence: text,
})
export type PatentRecord = z.infer<typeof PatentRecordSchema>

type NewPatent = typeof patents.$inferInsert

/**
 * Text without the empty brackets left where a source removed the reference numerals ("a vial () and",
 * "the circuit (, ) extracts"); migration 0017 cleans what was loaded before.
 */
export const withoutEmptyBrackets = (text: string) => text.replace(/ ?\([\s,;]*\)/g, '')
const prose = (text: string | null | undefined) => (text == null ? null : withoutEmptyBrackets(text))

/** The row for a record; absent lists become empty lists, absent values null. */
export function toPatentRow(r: PatentRecord): NewPatent {
  return {
    reference: r.reference,
    country: r.country,
    docNumber: r.docNumber,
    kind: r.kind ?? null,
    documentType: r.documentType,
    title: withoutEmptyBrackets(r.title),
    abstract: prose(r.abstract),
    description: prose(r.description),
    descriptionTruncated: r.descriptionTruncated ?? false,
    claims: (r.claims ?? []).map(withoutEmptyBrackets),
    applicationNumber: r.applicationNumber ?? null,
    applicationType: r.applicationType ?? null,
    filingDate: r.filingDate ?? null,
    publicationDate: r.publicationDate ?? null,
    grantDate: r.grantDate ?? null,
    priorityDate: r.priorityDate ?? null,
    applicants: r.applicants ?? [],
    applicantCity: r.applicantCity ?? null,
    applicantCountry: r.applicantCountry ?? null,
    assignees: r.assignees ?? [],
    inventors: r.inventors ?? [],
    cpc: r.cpc ?? [],
    ipc: r.ipc ?? [],
    family: (r.family ?? []).map((f) => ({ reference: f.reference, type: f.type, date: f.date ?? null })),
    citations: r.citations ?? [],
    citationDetails: (r.citationDetails ?? []).map((c) => ({
      reference: c.reference ?? null,
      text: c.text,
      category: c.category ?? null,
      claims: c.claims ?? null,
      passage: c.passage ?? null,
      phase: c.phase ?? null,
    })),
    familyId: r.familyId ?? null,
    otherTexts: (r.otherTexts ?? []).map((t) => ({
      lang: t.lang,
      title: t.title ?? null,
      abstract: prose(t.abstract),
      description: prose(t.description),
      claims: (t.claims ?? []).map(withoutEmptyBrackets),
    })),
    designatedStates: r.designatedStates ?? [],
    status: r.status ?? null,
    language: r.language ?? null,
    source: r.source,
    sourceDataset: r.sourceDataset ?? null,
    licence: r.licence ?? null,
  }
}
