// Over 350 lines on purpose: every table in one file, where drizzle-kit and a reader look for them.
import { applicationStatuses } from '@patentdesk/contract/application-statuses'
import { collaboratorRoles } from '@patentdesk/contract/collaborator-roles'
import { commentParts } from '@patentdesk/contract/comments'
import { sql } from 'drizzle-orm'
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core'

// Helpers for the columns most tables repeat: the identity key, moments in time and the owners' keys.
const id = () => integer('id').primaryKey().generatedAlwaysAsIdentity()
/** A moment with its time zone (timestamptz), read as a Date. */
const moment = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })
/** A moment always known: the time of the insert unless given. */
const stamped = (name: string) => moment(name).notNull().defaultNow()
const createdAt = () => stamped('created_at')
const updatedAt = () => stamped('updated_at')
/** An application status, typed by the contract's list; `statusCheck` builds the database's check from it. */
const status = (name: string) => text(name, { enum: applicationStatuses })
const statusCheck = (name: string, column: AnyPgColumn) =>
  check(name, sql`${column} in (${sql.raw(applicationStatuses.map((s) => `'${s}'`).join(', '))})`)
/** A list of texts, empty unless given. */
const textList = (name: string) => text(name).array().notNull().default(sql`'{}'::text[]`)
/** The user a row belongs to: it goes with the user. */
const userRef = () =>
  integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' })
/** The user who did something (changed, uploaded, wrote): the record stays when the user goes. */
const actorRef = (name: string) => integer(name).references(() => users.id, { onDelete: 'set null' })
/** The application a row belongs to: it goes with the application. */
const applicationRef = () =>
  integer('application_id')
    .notNull()
    .references(() => patentApplications.id, { onDelete: 'cascade' })

export const users = pgTable(
  'users',
  {
    id: id(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    fullName: text('full_name').notNull(),
    organization: text('organization'),
    passwordHash: text('password_hash').notNull(),
    isAdmin: boolean('is_admin').notNull().default(false),
    /** The TOTP secret (base32) once two-factor sign-in is on; null while it is off. */
    totpSecret: text('totp_secret'),
    /** A secret from /2fa/setup waiting for its first code; it replaces nothing until enabled. */
    totpPendingSecret: text('totp_pending_secret'),
    /** The last TOTP time step (unix seconds / 30) accepted: a step and any before it are refused after. */
    totpLastStep: integer('totp_last_step'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Usernames and emails are unique whatever their case, so 'Alice' cannot register beside 'alice'.
    uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
  ],
)

/** One-time recovery codes of two-factor sign-in: only a SHA-256 hash of each (see two-factor.ts). */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: id(),
    userId: userRef(),
    codeHash: text('code_hash').notNull(),
    usedAt: moment('used_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('recovery_codes_user_hash_idx').on(t.userId, t.codeHash)],
)

/** Bearer sessions: only a SHA-256 hash of each token is stored, so a database leak yields no usable token. */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: userRef(),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    lastUsedAt: stamped('last_used_at'),
    expiresAt: moment('expires_at').notNull(),
    userAgent: text('user_agent'),
    ipAddress: text('ip_address'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
)

/** One-time password reset tokens (hash only), for the /forgot-password flow. */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: id(),
    userId: userRef(),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: moment('expires_at').notNull(),
    usedAt: moment('used_at'),
  },
  (t) => [index('password_resets_user_idx').on(t.userId)],
)

export const patentApplications = pgTable(
  'patent_applications',
  {
    id: id(),
    userId: userRef(),
    /** Human-readable and unique, e.g. PA-2026-00042. */
    reference: text('reference').notNull().unique(),
    title: text('title').notNull(),
    abstract: text('abstract').notNull(),
    description: text('description').notNull(),
    claims: textList('claims'),
    status: status('status').notNull().default('draft'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    submittedAt: moment('submitted_at'),
    // UK dates and numbers, recorded as they become known (contract/src/filing.ts).
    priorityDate: date('priority_date', { mode: 'string' }),
    priorityApplicationNumber: text('priority_application_number'),
    priorityCountry: text('priority_country'),
    filingDate: date('filing_date', { mode: 'string' }),
    applicationNumber: text('application_number'),
    publicationDate: date('publication_date', { mode: 'string' }),
    publicationNumber: text('publication_number'),
    firstExaminationReportDate: date('first_examination_report_date', { mode: 'string' }),
    grantDate: date('grant_date', { mode: 'string' }),
    /** The number of its newest version (`application_versions`): every save adds one. */
    version: integer('version').notNull().default(1),
  },
  (t) => [
    index('patent_applications_user_idx').on(t.userId, t.updatedAt),
    index('patent_applications_status_idx').on(t.status),
    statusCheck('patent_applications_status_check', t.status),
  ],
)

/** Numbers the human-readable references (PA-2026-00042) across all years and processes. */
export const applicationReferenceSeq = pgSequence('application_reference_seq', { startWith: 1 })

/** Every status change of an application: who, when, from and to (`from` is null at creation). */
export const applicationStatusHistory = pgTable(
  'application_status_history',
  {
    id: id(),
    applicationId: applicationRef(),
    changedBy: actorRef('changed_by'),
    fromStatus: status('from_status'),
    toStatus: status('to_status').notNull(),
    changedAt: stamped('changed_at'),
  },
  (t) => [
    index('application_status_history_application_idx').on(t.applicationId, t.changedAt),
    statusCheck('application_status_history_from_check', t.fromStatus),
    statusCheck('application_status_history_to_check', t.toStatus),
  ],
)

/**
 * Every saved state of an application's text, numbered from 1: the creation, each save and each restore
 * (which names the version it brought back). A save carries the number it was made from: an older one is
 * a stale save (docs/decisions/0037).
 */
export const applicationVersions = pgTable(
  'application_versions',
  {
    id: id(),
    applicationId: applicationRef(),
    number: integer('number').notNull(),
    authorId: actorRef('author_id'),
    createdAt: createdAt(),
    title: text('title').notNull(),
    abstract: text('abstract').notNull(),
    description: text('description').notNull(),
    claims: textList('claims'),
    restoredFrom: integer('restored_from'),
  },
  (t) => [uniqueIndex('application_versions_number_idx').on(t.applicationId, t.number)],
)

/**
 * The people an owner shared an application with, by email and role. `userId` is null while the invitation
 * waits for someone to sign up and accept it with the mailed token (only its SHA-256 is kept).
 */
export const applicationCollaborators = pgTable(
  'application_collaborators',
  {
    id: id(),
    applicationId: applicationRef(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role', { enum: collaboratorRoles }).notNull(),
    invitedBy: actorRef('invited_by'),
    invitedAt: stamped('invited_at'),
    tokenHash: text('token_hash').unique(),
  },
  (t) => [
    uniqueIndex('application_collaborators_email_idx').on(t.applicationId, sql`lower(${t.email})`),
    uniqueIndex('application_collaborators_user_idx').on(t.applicationId, t.userId),
    index('application_collaborators_shared_idx').on(t.userId),
    check(
      'application_collaborators_role_check',
      sql`${t.role} in (${sql.raw(collaboratorRoles.map((r) => `'${r}'`).join(', '))})`,
    ),
  ],
)

/** Comments on an application's text: a thread's first comment holds the anchor, replies name it as parent. */
export const applicationComments = pgTable(
  'application_comments',
  {
    id: id(),
    applicationId: applicationRef(),
    parentId: integer('parent_id').references((): AnyPgColumn => applicationComments.id, {
      onDelete: 'cascade',
    }),
    authorId: actorRef('author_id'),
    part: text('part', { enum: commentParts }).notNull(),
    partIndex: integer('part_index').notNull(),
    quote: text('quote').notNull(),
    text: text('text').notNull(),
    createdAt: createdAt(),
    resolvedAt: moment('resolved_at'),
    resolvedBy: actorRef('resolved_by'),
  },
  (t) => [index('application_comments_application_idx').on(t.applicationId, t.id)],
)

/**
 * What happened to applications, and what administrators did: an application's activity list reads its rows;
 * the audit log reads those done as an administrator (`asAdmin`), the command line's among them. The actor's
 * name and the subject (a reference, a username) are kept as written, so the log outlives what it names.
 */
export const activity = pgTable(
  'activity',
  {
    id: id(),
    applicationId: integer('application_id').references(() => patentApplications.id, {
      onDelete: 'set null',
    }),
    actorId: actorRef('actor_id'),
    actorName: text('actor_name'),
    asAdmin: boolean('as_admin').notNull().default(false),
    kind: text('kind').notNull(),
    subject: text('subject').notNull(),
    detail: text('detail').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('activity_application_idx').on(t.applicationId, t.id),
    index('activity_admin_idx').on(t.id).where(sql`${t.asAdmin}`),
  ],
)

/** Every change of an application's UK dates, and every deadline ticked off or reopened. */
export const filingChanges = pgTable(
  'filing_changes',
  {
    id: id(),
    applicationId: applicationRef(),
    changedBy: actorRef('changed_by'),
    field: text('field').notNull(),
    fromValue: text('from_value'),
    toValue: text('to_value'),
    changedAt: stamped('changed_at'),
  },
  (t) => [index('filing_changes_application_idx').on(t.applicationId, t.changedAt)],
)

/** Deadlines the owner has ticked off (Form 7 filed, renewal paid…); ids as in contract/src/filing.ts. */
export const deadlineCompletions = pgTable(
  'deadline_completions',
  {
    id: id(),
    applicationId: applicationRef(),
    deadlineId: text('deadline_id').notNull(),
    completedBy: actorRef('completed_by'),
    completedAt: stamped('completed_at'),
  },
  (t) => [uniqueIndex('deadline_completions_unique_idx').on(t.applicationId, t.deadlineId)],
)

/** Supporting documents; the bytes live in blob storage under `storage_key`. */
export const patentDocuments = pgTable(
  'patent_documents',
  {
    id: id(),
    applicationId: applicationRef(),
    uploadedBy: actorRef('uploaded_by'),
    fileName: text('file_name').notNull(),
    fileType: text('file_type').notNull(),
    documentType: text('document_type').notNull().default('supporting'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    storageKey: text('storage_key').notNull().unique(),
    uploadedAt: stamped('uploaded_at'),
  },
  (t) => [
    index('patent_documents_application_idx').on(t.applicationId),
    // The per-user storage limit sums a user's documents at each upload.
    index('patent_documents_uploaded_by_idx').on(t.uploadedBy),
  ],
)

/**
 * Files uploaded as they were chosen, before the application they belong to is saved (decision 18).
 * Owned by the user; Save moves a row into patent_documents, and rows a day old are swept away.
 */
export const pendingUploads = pgTable(
  'pending_uploads',
  {
    id: text('id').primaryKey(),
    userId: userRef(),
    fileName: text('file_name').notNull(),
    fileType: text('file_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    storageKey: text('storage_key').notNull().unique(),
    createdAt: createdAt(),
  },
  (t) => [
    index('pending_uploads_user_idx').on(t.userId),
    index('pending_uploads_created_idx').on(t.createdAt),
  ],
)

export const feedback = pgTable(
  'feedback',
  {
    id: id(),
    applicationId: applicationRef(),
    authorId: actorRef('author_id'),
    source: text('source').notNull(),
    content: text('content').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('feedback_application_idx').on(t.applicationId, t.createdAt)],
)

export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    userId: userRef(),
    applicationId: integer('application_id').references(() => patentApplications.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    message: text('message').notNull(),
    /** Where the notification leads, in the app (a saved search's new patents, a watched patent). */
    link: text('link'),
    isRead: boolean('is_read').notNull().default(false),
    /** Makes scheduled notifications idempotent: the same key is never inserted twice for a user. */
    dedupeKey: text('dedupe_key'),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('notifications_dedupe_idx').on(t.userId, t.dedupeKey),
  ],
)

export const analysisResults = pgTable('analysis_results', {
  id: id(),
  applicationId: applicationRef().unique(),
  createdBy: actorRef('created_by'),
  /** Which engine produced it: 'offline' or 'llm:<model>'. */
  engine: text('engine').notNull(),
  similarityScore: integer('similarity_score').notNull(),
  result: jsonb('result').notNull(),
  createdAt: createdAt(),
})

/** PostgreSQL's tsvector; only ever written by the database itself (a generated column or an INSERT … SELECT). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' })

export type PatentFamilyMember = { reference: string; type: string; date?: string | null }
/**
 * A document a patent cites, as its office printed it: `reference` when it is a patent (the text as
 * printed otherwise, e.g. an article), the search report's category (X, Y, A…; several as "XY"), the
 * claims and passage it was cited for, and when: the search (`search`), examination, the applicant's own
 * list, an opposition.
 */
export type PatentCitation = {
  reference: string | null
  text: string
  category: string | null
  claims: string | null
  passage: string | null
  phase: string | null
}
/** A patent's texts in a language other than English: shown, never searched nor analysed. */
export type PatentOtherTexts = {
  lang: string
  title: string | null
  abstract: string | null
  description: string | null
  claims: string[]
}

/** The public patent corpus, with every field of the contract's `PatentDetailSchema`. */
export const patents = pgTable(
  'patents',
  {
    reference: text('reference').primaryKey(),
    /** The reference as every way of writing it meets it: contract's `referenceKey`, the same patterns. */
    referenceKey: text('reference_key')
      .notNull()
      .generatedAlwaysAs(
        sql`regexp_replace(regexp_replace(upper(reference), '[^A-Z0-9]+', '', 'g'), '^([A-Z]{2,4}[0-9]+)[A-Z][0-9]?$', '\\1')`,
      ),
    country: text('country').notNull(),
    docNumber: text('doc_number').notNull(),
    kind: text('kind'),
    documentType: text('document_type').notNull(),
    title: text('title').notNull(),
    abstract: text('abstract'),
    description: text('description'),
    descriptionTruncated: boolean('description_truncated').notNull().default(false),
    claims: textList('claims'),
    applicationNumber: text('application_number'),
    applicationType: text('application_type'),
    filingDate: date('filing_date'),
    publicationDate: date('publication_date'),
    grantDate: date('grant_date'),
    priorityDate: date('priority_date'),
    applicants: textList('applicants'),
    applicantCity: text('applicant_city'),
    applicantCountry: text('applicant_country'),
    assignees: textList('assignees'),
    inventors: textList('inventors'),
    cpc: textList('cpc'),
    ipc: textList('ipc'),
    family: jsonb('family').$type<PatentFamilyMember[]>().notNull().default(sql`'[]'::jsonb`),
    /** The cited patents' references, the ones `citationDetails` names (an index finds who cites a patent). */
    citations: textList('citations'),
    citationDetails: jsonb('citation_details').$type<PatentCitation[]>().notNull().default(sql`'[]'::jsonb`),
    /** The family as DOCDB numbers it: records with one `family_id` are one invention's publications. */
    familyId: text('family_id'),
    otherTexts: jsonb('other_texts').$type<PatentOtherTexts[]>().notNull().default(sql`'[]'::jsonb`),
    designatedStates: textList('designated_states'),
    status: text('status'),
    language: text('language'),
    source: text('source').notNull(),
    sourceDataset: text('source_dataset'),
    licence: text('licence'),
    /** Applicant and assignee names, for the applicant filter (words, matched by prefix). */
    applicantVector: tsvector('applicant_vector')
      .notNull()
      .generatedAlwaysAs(sql`to_tsvector('simple', join_text_array(applicants || assignees))`),
    /** Every prefix of every CPC and IPC code, for the classification filter. */
    classificationPrefixes: text('classification_prefixes')
      .array()
      .notNull()
      .generatedAlwaysAs(sql`classification_prefixes(cpc || ipc)`),
  },
  (t) => [
    index('patents_reference_key_idx').on(t.referenceKey),
    index('patents_filing_date_idx').on(t.filingDate),
    index('patents_applicant_idx').using('gin', t.applicantVector),
    index('patents_classification_idx').using('gin', t.classificationPrefixes),
    index('patents_family_id_idx').on(t.familyId),
    // "Cited by": the patents whose citations hold a reference's key (migration 0020's reference_keys).
    index('patents_citation_keys_idx').using('gin', sql`reference_keys(${t.citations})`),
  ],
)

/**
 * The database's own full-text search of each patent (patent-vectors.ts), written after the patent rather
 * than computed with it: a bulk import then writes at the speed of COPY (docs/decisions/0028). A patent's
 * row is deleted when the patent changes (a trigger of migration 0018) and written again.
 */
export const patentVectors = pgTable(
  'patent_vectors',
  {
    reference: text('reference')
      .primaryKey()
      .references(() => patents.reference, { onDelete: 'cascade' }),
    /** Weighted for ranking: title A, abstract B, claims C, description D. */
    searchVector: tsvector('search_vector').notNull(),
    /** The title alone: small, so queries with many matches can draw candidates from it cheaply. */
    titleVector: tsvector('title_vector').notNull(),
    /**
     * The patent's, copied: the most recent matches are then found by walking the patents that have vectors,
     * not every patent, which after a large import is most of the corpus (migration 0019).
     */
    filingDate: date('filing_date', { mode: 'string' }),
  },
  (t) => [
    index('patent_vectors_search_idx').using('gin', t.searchVector),
    index('patent_vectors_title_idx').using('gin', t.titleVector),
    index('patent_vectors_filing_date_idx').on(t.filingDate),
  ],
)

/** CPC and IPC classification titles, keyed by symbol in the same form as `patents.cpc`. */
export const classificationTitles = pgTable('classification_titles', {
  code: text('code').primaryKey(),
  title: text('title').notNull(),
  source: text('source').notNull(),
})

/** The corpus_state row whose time says when the patents last changed (the prior-art index rebuilds then). */
export const PATENTS_CHANGED = 'patents changed'

/** How far each shipped data set has been loaded, so an interrupted first start resumes where it stopped. */
export const corpusState = pgTable('corpus_state', {
  name: text('name').primaryKey(),
  linesDone: integer('lines_done').notNull().default(0),
  completedAt: moment('completed_at'),
})

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' })

/**
 * Document bytes when several servers share one PostgreSQL (DATABASE_URL): each blob is a run of chunks
 * written in one transaction and read back one chunk at a time, so no file is ever held whole twice.
 */
export const blobChunks = pgTable(
  'blob_chunks',
  {
    key: text('key').notNull(),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.seq] })],
)

/** rate-limiter-flexible's PostgreSQL store (shape fixed by the library), shared by every server. */
export const rateLimits = pgTable('rate_limits', {
  key: varchar('key', { length: 255 }).primaryKey(),
  points: integer('points').notNull().default(0),
  expire: bigint('expire', { mode: 'number' }),
})

/** A user's saved search: the search without its page (contract's SavedQuery), how its owner is told. */
export const savedSearches = pgTable(
  'saved_searches',
  {
    id: id(),
    userId: userRef(),
    name: text('name').notNull(),
    query: jsonb('query').notNull(),
    alert: text('alert').notNull().default('weekly'),
    /** What the unsubscribe link of its mails carries: it turns the mails off without a sign-in. */
    unsubscribeToken: text('unsubscribe_token').notNull(),
    createdAt: createdAt(),
    /** When its owner last opened it; the patents found since are its new ones. */
    lastOpenedAt: moment('last_opened_at'),
  },
  (t) => [
    index('saved_searches_user_idx').on(t.userId),
    uniqueIndex('saved_searches_token_idx').on(t.unsubscribeToken),
  ],
)

/**
 * The imported patents a saved search matched, each once: found by the import that brought it in or
 * changed it, mailed once (instantly or in the digest of its period).
 */
export const savedSearchHits = pgTable(
  'saved_search_hits',
  {
    savedSearchId: integer('saved_search_id')
      .notNull()
      .references(() => savedSearches.id, { onDelete: 'cascade' }),
    reference: text('reference').notNull(),
    foundAt: stamped('found_at'),
    mailedAt: moment('mailed_at'),
  },
  (t) => [
    primaryKey({ columns: [t.savedSearchId, t.reference] }),
    index('saved_search_hits_unmailed_idx').on(t.savedSearchId).where(sql`mailed_at is null`),
  ],
)

/** A patent a user watches: told when a newly imported patent cites it or its record changes. */
export const watches = pgTable(
  'watches',
  {
    id: id(),
    userId: userRef(),
    reference: text('reference').notNull(),
    /** The reference as every way of writing it meets it (contract's `referenceKey`): what imports match. */
    referenceKey: text('reference_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('watches_user_reference_idx').on(t.userId, t.referenceKey),
    index('watches_reference_idx').on(t.referenceKey),
  ],
)

/**
 * Every patent an import wrote new or changed, in order, until the alerts have matched it (they remove
 * what they matched in the transaction that records its alerts); an import that writes nothing new adds
 * nothing.
 */
export const patentChanges = pgTable('patent_changes', {
  seq: bigint('seq', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  reference: text('reference').notNull(),
  /** Whether the patent was new (else changed). */
  added: boolean('added').notNull(),
  changedAt: stamped('changed_at'),
})

/** When each user was last sent the digest of a period (daily, weekly) of their saved searches' news. */
export const alertDigests = pgTable(
  'alert_digests',
  {
    userId: userRef(),
    period: text('period').notNull(),
    sentAt: stamped('sent_at'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.period] })],
)
