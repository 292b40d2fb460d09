import { z } from 'zod'
import { formatLongDate, IsoDateSchema, isBlankText, londonToday } from './common'
import { fileRules, kindNames, maxMegabytes } from './file-kinds'
import { formatCount } from './format'
import { SourceStatusSchema } from './patents'

export const analysisLimits = {
  title: { max: 300 },
  description: { max: 100_000 },
  /** Cuts the screen makes (docs/product.md, Analysis). */
  similarPreviewCut: 150,
} as const

export const analysisMessages = {
  /** The toast's description, under the title 'Missing Information' (docs/product.md, Analysis). */
  missing: 'Please provide both a title and description for your patent application.',
  titleMax: `The title must not exceed ${analysisLimits.title.max} characters.`,
  descriptionMax: `The description must not exceed ${formatCount(analysisLimits.description.max)} characters.`,
  unsupportedFile: `The document must be a ${kindNames(fileRules.analysis)} file.`,
  corruptFile: 'The document could not be read: it is damaged, or its content is not what its name says.',
  tooLarge: `The document is larger than ${maxMegabytes(fileRules.analysis)} MB.`,
  indexUnavailable: 'The prior-art search is not available at the moment. Please try again in a minute.',
  legacyWord:
    'Legacy Word (.doc) files cannot be read, so the analysis used the title and description only. Save the document as DOCX or PDF to include it.',
  /** The engine's deadline (ANALYSIS_TIMEOUT_SECONDS) passed: a 422, the input being what took too long. */
  tooSlow: (seconds: number) =>
    `The analysis could not be completed within ${seconds === 1 ? '1 second' : `${seconds} seconds`}. Shorten the description or split it into parts.`,
  draftingTooSlow: (seconds: number) =>
    `The drafting checks could not be completed within ${seconds === 1 ? '1 second' : `${seconds} seconds`}. Shorten the text or split it into parts.`,
  /** An engine thread ran out of its heap on this text: a 422, like the deadline. */
  tooMuchMemory: (megabytes: number) =>
    `The text needed more than ${megabytes} MB of memory to check. Shorten it or split it into parts.`,
  /** The engine's queue is full: a 503 with Retry-After. */
  busy: 'The server is busy with other analyses. Please try again in a minute.',
  /** ANALYSIS_PER_MINUTE passed for this address: a 429 with Retry-After. */
  tooMany: 'Too many analyses from this address. Please wait a minute and try again.',
  priorityDateLater: 'The priority or filing date cannot be later than today.',
  /** A search report's note on a cited document whose publication date the corpus does not hold. */
  publicationUnknown: (cutOff: string) =>
    `Its publication date is not known: check that it was made public before ${formatLongDate(cutOff)}.`,
  /** The same, for a document filed between the priority date and the filing date (P, or E if published later). */
  publicationUnknownBetween: (filingDate: string) =>
    `Its publication date is not known: it is P if made public before ${formatLongDate(filingDate)}, else E.`,
} as const

/**
 * Below this similarity (percent) of its closest patent, the corpus holds little close to an invention:
 * measured on the 5,001-patent browser-test corpus, the prior art of 60 of its patents (itself left out)
 * had a best below it for 6, and 2 of 5 inventions from outside its fields (a bicycle light, a sourdough
 * jar) did; the other 3 met patents sharing their words (a knitted shoe upper for a knitting needle).
 */
export const thinCoverageSimilarity = 12

/** The analysis's note when the corpus's closest patent is below {@link thinCoverageSimilarity}. */
export const thinCoverageNote = (best: number) =>
  `The corpus holds little close to this invention: its closest patent shares ${best}% of the description's weighted vocabulary. Finding no prior art here means none among its documents (see what the corpus covers); search Espacenet or Google Patents too.`

/** What an analysis says of each live source it asked (or did not) for prior art beside the corpus. */
export const liveSourceTexts = {
  used: (label: string, count: number) =>
    count === 0
      ? `${label} was searched too and offered no patent the corpus lacks from before the date that counts.`
      : `${label} was searched too: ${count === 1 ? '1 of its patents was' : `${count} of its patents were`} ranked with the corpus's.`,
  slow: (label: string, seconds: number) =>
    `${label} did not answer within ${seconds} seconds: only the corpus was searched.`,
  failed: (label: string, reason: string) =>
    `${label} could not be searched (${reason}): only the corpus was searched.`,
  quota: (label: string, until: string) =>
    `${label} refused for its quota: only the corpus was searched, and it is not asked again before ${until}.`,
  resting: (label: string, until: string) =>
    `${label} is not asked before ${until}, after refusing for its quota: only the corpus was searched.`,
} as const

/**
 * The optional date that counts for prior art, read by `date` (YYYY-MM-DD for the API, dd/mm/yyyy on the
 * form): an empty field is none, and no day after today (in London).
 */
export const priorityDateField = (date: z.ZodType<string, string>) =>
  z.preprocess(
    (value) => (isBlankText(value) ? undefined : value),
    date.refine((iso) => iso <= londonToday(), analysisMessages.priorityDateLater).optional(),
  )

export const AnalysisRequestSchema = z.object({
  title: z
    .string(analysisMessages.missing)
    .trim()
    .min(1, analysisMessages.missing)
    .max(analysisLimits.title.max, analysisMessages.titleMax),
  description: z
    .string(analysisMessages.missing)
    .trim()
    .min(1, analysisMessages.missing)
    .max(analysisLimits.description.max, analysisMessages.descriptionMax),
  /** The multipart field `priorityDate`: prior art is what was filed before it (else before today). */
  priorityDate: priorityDateField(IsoDateSchema),
})
export type AnalysisRequest = z.infer<typeof AnalysisRequestSchema>

export const LevelSchema = z.enum(['Low', 'Medium', 'High'])
export type Level = z.infer<typeof LevelSchema>

/**
 * A feature of the invention, as the claim chart lists it: a claim element ("1b", "2") when the text has
 * claims, otherwise a technical element of the description ("F1"), each in the user's own words.
 */
export const FeatureSchema = z.object({ id: z.string(), text: z.string() })
export type Feature = z.infer<typeof FeatureSchema>

/**
 * How much of a feature one prior-art document discloses in one passage: `found` from
 * {@link foundFeatureCoverage} percent of the feature's distinctive terms, `partly` from
 * {@link partlyFeatureCoverage}, otherwise `absent`.
 */
export const FeatureLevelSchema = z.enum(['found', 'partly', 'absent'])
export type FeatureLevel = z.infer<typeof FeatureLevelSchema>

/** One cell of the claim chart: a feature against one prior-art document. */
export const FeatureMatchSchema = z.object({
  featureId: z.string(),
  level: FeatureLevelSchema,
  /** Share of the feature's distinctive terms (weighted by rarity) the passage holds, 0–100. */
  score: z.number().int().min(0).max(100),
  /** The document's sentence or claim element that comes closest, verbatim from its stored text; null when absent. */
  passage: z.string().nullable(),
  /** Where the passage stands: "title", "abstract", "claim 3", "description ¶12"; null when absent. */
  location: z.string().nullable(),
  /** The passage's words (lower-cased, as written there) that stand for the feature's terms. */
  sharedWords: z.array(z.string()),
})
export type FeatureMatch = z.infer<typeof FeatureMatchSchema>

export const SimilarPatentSchema = z.object({
  title: z.string(),
  reference: z.string(),
  description: z.string(),
  /** Percent, 0–100. */
  similarityScore: z.number().int(),
  applicant: z.string().nullable(),
  filingDate: z.string().nullable(),
  /** Where it was found: 'corpus', or the live source that offered it ('serpapi', 'epo'). */
  source: z.string().default('corpus'),
  /** The invention's words this patent shares, the weightiest first: why it is listed. */
  matchedTerms: z.array(z.string()),
  /**
   * The claim chart's column for this patent, one match per feature in the features' order: on the first
   * {@link chartedPatents} patents only.
   */
  featureMatches: z.array(FeatureMatchSchema).optional(),
})

/** How the engine reached each figure, so every value can be explained on screen. */
export const AnalysisExplanationSchema = z.object({
  features: z.array(
    z.object({
      text: z.string(),
      /** The best score of the feature's matches in the claim chart, 0–100. */
      coverage: z.number().int(),
      /** The charted patent that holds the most of it; null when none holds any. */
      coveredBy: z.string().nullable(),
    }),
  ),
  risks: z.array(z.object({ kind: z.string(), risk: z.string(), reason: z.string() })),
  marketPotential: z.object({
    level: LevelSchema,
    reasons: z.array(z.string()),
    /**
     * Filings per year, over the ten years the level weighs: of the patents holding the invention's leading
     * words (`related`) and of the whole corpus (`all`), so a chart can show the trend behind the reasons.
     * Optional: results stored before it was added lack it.
     */
    activity: z
      .array(z.object({ year: z.number().int(), related: z.number().int(), all: z.number().int() }))
      .optional(),
  }),
  technicalComplexity: z.object({ level: LevelSchema, reasons: z.array(z.string()) }),
  /** How the similar patents were chosen and ordered, and what their percentages mean. */
  similarPatents: z.string(),
})

/**
 * The date that counts for prior art and what it is: an application's declared priority date, else its
 * filing date, else the day of the analysis. With a priority date, `filingDate` is the application's filing
 * date when known: documents made public between the two are P, and those filed (or with a priority)
 * before it but made public on or after it E. Nothing filed on or after the later date is ranked, charted
 * or scored (docs/product.md, Search report).
 */
export const CutOffSchema = z.object({
  date: IsoDateSchema,
  basis: z.enum(['priority date', 'filing date', 'today']),
  filingDate: IsoDateSchema.optional(),
})
export type CutOff = z.infer<typeof CutOffSchema>

/**
 * How a cited document stands against a claim (the IPO's and EPO's categories): X alone takes away its
 * novelty or inventive step; Y does with another cited document; A is background; E is an earlier patent
 * document made public on or after the filing date (novelty only, UK s.2(3)); P was made public between
 * the priority date and the filing date.
 */
export const CitationCategorySchema = z.enum(['X', 'Y', 'A', 'E', 'P'])
export type CitationCategory = z.infer<typeof CitationCategorySchema>

export const CitationSchema = z.object({
  reference: z.string(),
  title: z.string(),
  /** Its strongest category over the claims it is relevant to. */
  category: CitationCategorySchema,
  claims: z.array(z.number().int()),
  /** The documents it takes away a claim's inventive step with (category Y). */
  combinedWith: z.array(z.string()),
  /** Members of its family the search found, left out of the report (&): one document stands for them. */
  family: z.array(z.string()).default([]),
  /** The passages that hold the claims' features, verbatim, with where they stand (as charted). */
  passages: z.array(z.object({ featureId: z.string(), text: z.string(), location: z.string() })),
  filingDate: z.string().nullable(),
  publicationDate: z.string().nullable(),
  /** What is not known of its dates and must be checked; null when nothing is. */
  dateNote: z.string().nullable(),
})
export type Citation = z.infer<typeof CitationSchema>

/** The search report of an analysis, as the Intellectual Property Office writes one (Form 9A). */
export const SearchReportSchema = z.object({
  cutOff: CutOffSchema,
  /** The claims searched; without numbered claims, the features as claim 1. */
  claims: z.array(z.object({ number: z.number().int(), independent: z.boolean() })),
  /** X first, then Y, E, P and A. */
  citations: z.array(CitationSchema),
})
export type SearchReport = z.infer<typeof SearchReportSchema>

/** The analysis result (docs/product.md, Analysis), with the engine that produced it and how. */
export const AnalysisResultSchema = z.object({
  analysis: z.object({
    summary: z.string(),
    noveltyScore: z.number().int().min(0).max(100),
    /** The features the novelty score counts and the claim chart lists (results stored before it lack them). */
    features: z.array(FeatureSchema).default([]),
    innovations: z.array(z.string()),
    keyTerms: z.array(z.string()),
    risksAndChallenges: z.array(z.string()),
    marketPotential: z.string(),
    technicalComplexity: z.string(),
  }),
  similarPatents: z.object({
    overallSimilarity: z.number().int(),
    patents: z.array(SimilarPatentSchema),
  }),
  /** 'offline', or 'llm:<model>' when an OpenAI-compatible model refined the text. */
  engine: z.string(),
  /** Things the user should know about the input (an unreadable .doc, OCR used, text cut). */
  notes: z.array(z.string()),
  explanation: AnalysisExplanationSchema,
  /** Results stored before it lack it. */
  searchReport: SearchReportSchema.optional(),
  /** Each live source asked for prior art beside the corpus, and how that went; none configured: empty. */
  sources: z.array(SourceStatusSchema).default([]),
})
export type AnalysisResult = z.infer<typeof AnalysisResultSchema>

/**
 * A feature counts as found in the prior art when one passage of a document holds this share (percent) of
 * its distinctive terms, and as partly found from {@link partlyFeatureCoverage}: the claim chart's levels.
 */
export const foundFeatureCoverage = 80
export const partlyFeatureCoverage = 50
/** The similar patents, best first, that the claim chart compares each feature with. */
export const chartedPatents = 5

export function featureLevelOf(score: number): FeatureLevel {
  if (score >= foundFeatureCoverage) return 'found'
  return score >= partlyFeatureCoverage ? 'partly' : 'absent'
}

/** Badge thresholds (docs/product.md, Analysis): overall destructive above 70; per patent destructive above
 * 80, default above 60. */
export function overallSimilarityVariant(percent: number) {
  return percent > 70 ? 'destructive' : 'outline'
}
export function patentSimilarityVariant(percent: number) {
  if (percent > 80) return 'destructive'
  if (percent > 60) return 'default'
  return 'outline'
}

/** Claims as the IPO writes them: runs of three or more as ranges, "1-3, 5". */
function claimRanges(claims: number[]) {
  const sorted = [...new Set(claims)].sort((a, b) => a - b)
  const runs: string[] = []
  for (let i = 0; i < sorted.length; ) {
    let j = i
    while (j + 1 < sorted.length && (sorted[j + 1] as number) === (sorted[j] as number) + 1) j++
    runs.push(j - i >= 2 ? `${sorted[i]}-${sorted[j]}` : sorted.slice(i, j + 1).join(', '))
    i = j + 1
  }
  return runs.join(', ')
}

/** A cited document's passages, each quoted once with every feature it holds ("claim 1, for 1a, 1b"). */
function citedPassages({ passages }: Citation) {
  const byPassage = new Map<string, { where: string; quote: string; features: string[] }>()
  for (const { location, text, featureId } of passages) {
    const key = `${location}\n${text}`
    const known = byPassage.get(key)
    if (known) known.features.push(featureId)
    else byPassage.set(key, { where: location, quote: text, features: [featureId] })
  }
  return [...byPassage].map(([key, { where, quote, features }]) => ({
    key,
    where: `${where}, for ${features.join(', ')}:`,
    quote: `“${quote}”`,
  }))
}

/** The search report's texts, the same on screen and on paper (docs/product.md, Search report). */
export const searchReportTexts = {
  claims: claimRanges,
  passages: citedPassages,
  heading: 'Search report',
  columns: ['Category', 'Document and relevant passages', 'Relevant to claims'],
  none: 'No charted document holds a feature of the claims.',
  /** Which documents count as prior art: those before the date that counts (and, with two dates, E and P). */
  cutOff({ date, basis, filingDate }: CutOff) {
    const shown = formatLongDate(date)
    if (basis === 'today')
      return `Only patents filed before today (${shown}) are prior art: no priority or filing date was given.`
    if (filingDate)
      return `Prior art is what was made public before ${shown}, the priority date; patents filed before ${formatLongDate(filingDate)}, the filing date, and made public later are cited as P or E.`
    return `Only patents filed before ${shown}, the ${basis}, are prior art.`
  },
  /** A cited document's dates, and the document it is combined with. */
  dates({ filingDate, publicationDate, combinedWith }: Citation) {
    const filed = `Filed ${filingDate ? formatLongDate(filingDate) : 'N/A'}`
    const published = publicationDate ? `, published ${formatLongDate(publicationDate)}` : ''
    const combined = combinedWith.length > 0 ? `; with ${combinedWith.join(', ')}` : ''
    return `${filed}${published}${combined}`
  },
  /** The categories as the Intellectual Property Office's search report explains them. */
  legend: {
    X: 'Taken alone, the document takes away the novelty or inventive step of the claims listed.',
    Y: 'Combined with the other document named, it takes away the inventive step of the claims listed.',
    E: 'An earlier patent document made public on or after the filing date: it stands against novelty only.',
    P: 'Made public between the priority date and the filing date: prior art if the priority is not valid.',
    A: 'Technological background: the document holds some features of the claims listed.',
    '&': 'A member of the same patent family as the document it is listed under.',
  } satisfies Record<CitationCategory | '&', string>,
} as const

/** A search report sent to be laid out as PDF or DOCX: what was searched (a title or a patent), and the report. */
export const SearchReportExportSchema = z.object({
  subject: z.string().trim().min(1).max(1000),
  report: SearchReportSchema,
})
export type SearchReportExport = z.infer<typeof SearchReportExportSchema>
