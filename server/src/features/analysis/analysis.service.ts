import {
  type AnalysisRequest,
  type AnalysisResult,
  analysisMessages,
  type CutOff,
  type SearchReportExport,
  thinCoverageNote,
  thinCoverageSimilarity,
} from '@patentdesk/contract/analysis'
import {
  type ApplicationAnalysis,
  ApplicationAnalysisSchema,
  type ApplicationSearchReport,
} from '@patentdesk/contract/applications'
import { londonToday } from '@patentdesk/contract/common'
import { readingMessages } from '@patentdesk/contract/documents'
import { type ErrorCode, messages } from '@patentdesk/contract/errors'
import type pg from 'pg'
import type { Db } from '~/db/database'
import type { DocumentReader } from '~/document-reader/document-reader'
import type { Corpus, EngineThreads, Invention } from '~/engine/engine-threads'
import type { PriorArtIndex } from '~/engine/prior-art-index'
import { AppError } from '~/errors'
import type { ActivityService } from '~/features/activity/activity.service'
import type { ApplicationsService } from '~/features/applications/applications.service'
import { type AuthUser, assertAdmin } from '~/features/auth/auth.service'
import type { DocumentsService } from '~/features/documents/documents.service'
import type { PatentsService } from '~/features/patents/patents.service'
import type { Llm } from '~/providers/llm'
import type { PatentSource } from '~/providers/patent-sources/types'
import { consume, createLimiter, storeKey } from '~/shared/rate-limiter'
import * as repo from './analysis.repo'
import { extractDocumentText } from './extract'
import { createLivePriorArt } from './live-prior-art'
import { reportLayout } from './report-export/report-layout'
import { renderSearchReportDocx } from './report-export/search-report-docx'
import { renderSearchReportPdf } from './report-export/search-report-pdf'

/** Read when its turn comes, so an application's documents are never all in memory at once. */
type Document = { fileName: string; read: () => Promise<Buffer> }

/** The answers that are about the document itself, not the server (a 503 when busy is passed on). */
const documentCodes = new Set<ErrorCode>(['UNSUPPORTED_MEDIA_TYPE', 'UNPROCESSABLE', 'NOT_FOUND'])

/** What `warm` analyses: a short invention that goes through every step of the engine. */
const WARM_UP: Invention = {
  title: 'Soil moisture sensor for irrigation',
  description:
    'A probe pushed into the ground measures the moisture of the soil at several depths and sends each reading ' +
    'by radio to a controller, which opens the irrigation valves only when the roots are drying out.',
  claims: ['A soil moisture probe comprising electrodes at several depths and a radio transmitter.'],
}

/**
 * The date that counts for an application's or a patent's prior art: its priority date (with its filing
 * date, for P and E), else its filing date, else today.
 */
function cutOffOf(dates: { priorityDate: string | null; filingDate: string | null }): CutOff {
  if (dates.priorityDate)
    return {
      date: dates.priorityDate,
      basis: 'priority date',
      ...(dates.filingDate && dates.filingDate > dates.priorityDate && { filingDate: dates.filingDate }),
    }
  if (dates.filingDate) return { date: dates.filingDate, basis: 'filing date' }
  return { date: londonToday(), basis: 'today' }
}

export function createAnalysisService(deps: {
  db: Db
  applications: ApplicationsService
  activity: ActivityService
  documents: DocumentsService
  /**
   * A patent's details, for the prior art of any patent (the corpus's record, else a source's); which
   * references the corpus holds, for the live sources' patents.
   */
  patents: Pick<PatentsService, 'details' | 'held'>
  /** The configured external sources: those that offer prior art are asked beside the corpus. */
  sources?: PatentSource[]
  priorArt: PriorArtIndex
  reader: DocumentReader
  engine: EngineThreads
  /** ANALYSIS_PER_MINUTE per client address for the public analysis (0: none), counted in `pool` when given. */
  perMinute: number
  pool?: pg.Pool
  llm?: Llm
}) {
  // Counted in PostgreSQL's shared table with DATABASE_URL (every instance sees the same count), else in memory.
  const publicLimiter =
    deps.perMinute > 0
      ? createLimiter({
          pool: deps.pool,
          keyPrefix: 'publicAnalyses',
          limit: { points: deps.perMinute, seconds: 60 },
        })
      : undefined
  // What the engine reads of the index (its Corpus).
  const corpus: Corpus = deps.priorArt
  const live = createLivePriorArt({ sources: deps.sources ?? [], held: deps.patents.held })

  /** The live sources' patents for the invention, dated before its cut-off, and what each source did. */
  async function drawLive(invention: Invention) {
    if (!live.configured || !invention.cutOff) return { visitors: [], statuses: [] }
    const text = [invention.title, invention.abstract, invention.description, ...(invention.claims ?? [])]
      .concat(invention.documentText ?? '')
      .filter(Boolean)
      .join('\n\n')
    const [weighed] = await deps.priorArt.weigh([text])
    if (!weighed) return { visitors: [], statuses: [] }
    return live.draw(weighed, invention.cutOff.filingDate ?? invention.cutOff.date)
  }

  /** The model's rewrite of the prose, grounded in the retrieved prior art; the offline text on any failure. */
  async function refine(invention: Invention, result: Omit<AnalysisResult, 'engine' | 'notes' | 'sources'>) {
    if (!deps.llm) return { result, engine: 'offline', note: undefined }
    try {
      const refined = await deps.llm.refine({
        title: invention.title,
        description: [invention.abstract, invention.description].filter(Boolean).join('\n\n'),
        offline: result.analysis,
        priorArt: result.similarPatents.patents.map((p) => ({
          reference: p.reference,
          title: p.title,
          abstract: p.description,
          similarityScore: p.similarityScore,
        })),
      })
      return {
        result: { ...result, analysis: { ...result.analysis, ...refined } },
        engine: `llm:${deps.llm.model}`,
        note: undefined,
      }
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error)
      return {
        result,
        engine: 'offline',
        note: `The language model could not refine this analysis (${reason}); this is the offline analysis.`,
      }
    }
  }

  /**
   * The text and notes of each document. The visitor of the public analysis is told at once that theirs
   * cannot be read (415/422); an application's stored document that cannot be read is skipped with a note,
   * so the administrator still gets the analysis of the rest.
   */
  async function readDocuments(documents: Document[], unreadable: 'refuse' | 'skip') {
    const notes: string[] = []
    const texts: string[] = []
    for (const document of documents) {
      try {
        const extracted = await extractDocumentText(deps.reader, document.fileName, await document.read())
        texts.push(extracted.text)
        notes.push(...extracted.notes)
      } catch (error) {
        const ofDocument = error instanceof AppError && documentCodes.has(error.code)
        if (unreadable === 'refuse' || !ofDocument) throw error
        notes.push(readingMessages.skipped(document.fileName, error.message))
      }
    }
    return { texts, notes }
  }

  /** The note a thinly covered field gets: the corpus's closest patent below thinCoverageSimilarity. */
  function thinNote(result: Omit<AnalysisResult, 'engine' | 'notes' | 'sources'>) {
    const scores = result.similarPatents.patents
      .filter((p) => p.source === 'corpus')
      .map((p) => p.similarityScore)
    const best = Math.max(0, ...scores)
    return best < thinCoverageSimilarity ? thinCoverageNote(best) : ''
  }

  async function run(
    invention: Invention,
    documents: Document[],
    unreadable: 'refuse' | 'skip',
  ): Promise<AnalysisResult> {
    const { texts, notes } = await readDocuments(documents, unreadable)
    const documentText = texts.filter(Boolean).join('\n\n') || undefined
    const read = { ...invention, documentText }
    const { visitors, statuses } = await drawLive(read)
    const offline = await deps.engine.analyze({ ...read, visitors }, corpus)
    const { result, engine, note } = await refine(invention, offline)
    const said = [...notes, ...statuses.map((status) => status.message ?? ''), thinNote(offline), note ?? '']
    // Typed all the way (the model's answer is parsed where it comes in): the route's response schema is its one check.
    return { ...result, engine, notes: said.filter(Boolean), sources: statuses }
  }

  function toApplicationAnalysis(row: NonNullable<Awaited<ReturnType<typeof repo.findAnalysis>>>) {
    return ApplicationAnalysisSchema.parse({
      ...(row.result as object),
      similarityScore: row.similarityScore,
      engine: row.engine,
      createdAt: row.createdAt.toISOString(),
    })
  }

  return {
    /**
     * Starts the engine's analysis thread, kept while the server runs, and has it analyse one fixed
     * invention against the corpus, so that no user's analysis pays for the thread's start or its first
     * compilation of the engine (docs/decisions/0025). Nothing is stored; the language model is not asked.
     */
    async warm() {
      deps.engine.warm()
      await deps.engine.analyze(WARM_UP, corpus)
    },

    /** Spends one of the client's public analyses of this minute; 429 with Retry-After when none is left. */
    async limitPublicAnalysis(clientAddress: string) {
      if (publicLimiter) await consume(publicLimiter, storeKey(clientAddress), analysisMessages.tooMany)
    },

    /** The public analysis (nothing is stored), its prior art what came before the date given, else today. */
    analyze({ priorityDate, ...invention }: AnalysisRequest, document?: { fileName: string; bytes: Buffer }) {
      const documents = document ? [{ fileName: document.fileName, read: async () => document.bytes }] : []
      const cutOff: CutOff = priorityDate
        ? { date: priorityDate, basis: 'priority date' }
        : { date: londonToday(), basis: 'today' }
      return run({ ...invention, cutOff }, documents, 'refuse')
    },

    /** A search report (the client's: an analysis's or a stored one) laid out as a PDF or DOCX file. */
    exportSearchReport(input: SearchReportExport, format: 'pdf' | 'docx') {
      const layout = reportLayout(input)
      return format === 'pdf' ? renderSearchReportPdf(layout) : renderSearchReportDocx(layout)
    },

    /**
     * The invalidity search of any patent: the report on its claims (its abstract when it has none) with
     * its own priority date, else its filing date, as the date that counts; itself and its family left out.
     */
    async priorArtFor(reference: string) {
      const patent = await deps.patents.details(reference)
      return run(
        {
          title: patent.title,
          description: patent.abstract ?? '',
          claims: patent.claims,
          cutOff: cutOffOf({ priorityDate: patent.priority, filingDate: patent.filingDate }),
          itself: {
            reference: patent.reference,
            title: patent.title,
            applicants: patent.applicants,
            family: [
              ...patent.family.map((member) => member.reference),
              patent.applicationNumber ?? '',
            ].filter(Boolean),
          },
        },
        [],
        'refuse',
      )
    },

    /** The stored analysis of an application for an administrator, or null when none was generated. */
    async getForApplication(viewer: AuthUser, applicationId: number): Promise<ApplicationAnalysis | null> {
      assertAdmin(viewer)
      await deps.applications.requireViewable(viewer, applicationId)
      const row = await repo.findAnalysis(deps.db, applicationId)
      return row ? toApplicationAnalysis(row) : null
    },

    /**
     * The search report of an application's stored analysis, for its owner and the administrators; null
     * until an administrator generates the analysis (or when it was generated before reports were).
     */
    async getSearchReport(viewer: AuthUser, applicationId: number): Promise<ApplicationSearchReport | null> {
      await deps.applications.requireViewable(viewer, applicationId)
      const row = await repo.findAnalysis(deps.db, applicationId)
      const searchReport = row && toApplicationAnalysis(row).result?.searchReport
      return searchReport && row ? { searchReport, createdAt: row.createdAt.toISOString() } : null
    },

    /** Runs the engine on an application (title, abstract, description, claims, documents) and stores it. */
    async generateForApplication(viewer: AuthUser, applicationId: number): Promise<ApplicationAnalysis> {
      assertAdmin(viewer)
      // The row, not the Application: its UK dates decide the cut-off.
      const application = await deps.applications.requireViewable(viewer, applicationId)
      const documents = await deps.documents.contents(viewer, applicationId)
      const result = await run(
        {
          title: application.title,
          abstract: application.abstract,
          description: application.description,
          claims: application.claims,
          cutOff: cutOffOf(application),
        },
        documents,
        'skip',
      )
      const row = await repo.saveAnalysis(deps.db, {
        applicationId,
        createdBy: viewer.id,
        engine: result.engine,
        similarityScore: result.similarPatents.overallSimilarity,
        result: {
          analysis: result.analysis.summary,
          similarPatents: result.similarPatents.patents.map((p) => ({
            reference: p.reference,
            title: p.title,
            applicant: p.applicant,
            filingDate: p.filingDate,
            similarityScore: p.similarityScore,
          })),
          result,
        },
      })
      if (!row) throw new AppError('INTERNAL', messages.internal)
      await deps.activity.record({
        applicationId,
        actorId: viewer.id,
        asAdmin: true,
        kind: 'analysis_generated',
        subject: application.reference,
        detail: `Generated the analysis: overall similarity ${Math.round(result.similarPatents.overallSimilarity)}%.`,
      })
      return toApplicationAnalysis(row)
    },
  }
}

export type AnalysisService = ReturnType<typeof createAnalysisService>
