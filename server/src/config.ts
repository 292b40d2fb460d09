import fs from 'node:fs'
import path from 'node:path'
import { type ApiKeyName, apiKeyNames } from '@patentdesk/contract/settings'
import { z } from 'zod'
import type { DocumentReadingLimits } from './document-reader/limits'
import { serverPaths } from './paths'

const optionalString = z
  .string()
  .trim()
  .transform((v) => v || undefined)
  .optional()

const whole = (min: number, max: number) =>
  z.coerce
    .number('must be a whole number')
    .int('must be a whole number')
    .min(min, `must be between ${min} and ${max}`)
    .max(max, `must be between ${min} and ${max}`)

/** What a corpus folder holds: the shipped one (server/corpus), or CORPUS_DIR's. */
const corpusFiles = ['patents.jsonl.gz', 'classification-titles.tsv.gz']

export const ConfigSchema = z.object({
  PORT: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(0, 'must be between 0 and 65535')
    .max(65535, 'must be between 0 and 65535')
    .default(3000),
  HOST: z.string().trim().min(1).default('localhost'),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
  ),
  ADMIN_USERNAME: z.string().trim().min(3).max(50).default('admin'),
  ADMIN_PASSWORD: optionalString.pipe(z.string().min(6, 'must be at least 6 characters').max(128).optional()),
  ADMIN_EMAIL: z.email('must be a valid email address').default('admin@patentdesk.local'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  REMINDER_INTERVAL_MINUTES: z.coerce
    .number('must be a whole number of minutes')
    .int('must be a whole number of minutes')
    .min(0)
    .max(1440)
    .default(60),
  // A number of proxies; `true` is one, the usual load balancer.
  TRUST_PROXY: z
    .string()
    .trim()
    .regex(/^(true|false|[0-9])$/, 'must be true, false or the number of proxies in front (0 to 9)')
    .default('false')
    .transform((v) => (v === 'true' ? 1 : v === 'false' ? 0 : Number(v))),
  CORPUS: z.enum(['auto', 'none'], 'must be auto or none').default('auto'),
  CORPUS_DIR: optionalString.pipe(
    z
      .string()
      .refine(
        (dir) => corpusFiles.every((file) => fs.existsSync(path.join(dir, file))),
        `must be a folder holding ${corpusFiles.join(' and ')}`,
      )
      .optional(),
  ),
  STORAGE: optionalString.pipe(z.enum(['database', 'files'], 'must be database or files').optional()),
  SERPAPI_KEY: optionalString,
  SERPAPI_URL: z.url('must be a URL').default('https://serpapi.com'),
  EPO_OPS_URL: z.url('must be a URL').default('https://ops.epo.org/3.2'),
  LLM_BASE_URL: optionalString.pipe(z.url('must be a URL such as http://localhost:11434/v1').optional()),
  LLM_MODEL: optionalString,
  LLM_API_KEY: optionalString,
  PUBLIC_URL: optionalString.pipe(z.url('must be a URL such as https://patents.example.com').optional()),
  SMTP_URL: optionalString.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .optional(),
  ),
  MAIL_FROM: z.string().trim().min(3).default('PatentDesk <no-reply@patentdesk.local>'),
  DOCUMENT_WORKERS: whole(1, 16).default(1),
  DOCUMENT_QUEUE: whole(0, 1000).default(8),
  DOCUMENT_TIMEOUT_SECONDS: whole(1, 600).default(30),
  DOCUMENT_WORKER_MEMORY_MB: whole(64, 8192).default(512),
  DOCUMENT_MAX_MEGAPIXELS: whole(1, 1000).default(40),
  DOCUMENT_MAX_MARKUP_MB: whole(1, 1000).default(20),
  DOCUMENT_MAX_INFLATED_MB: whole(1, 4000).default(100),
  DOCUMENT_MAX_PDF_PAGES: whole(1, 10_000).default(50),
  USER_STORAGE_MB: whole(1, 1_000_000).default(200),
  ANALYSIS_TIMEOUT_SECONDS: whole(1, 600).default(10),
  ANALYSIS_PER_MINUTE: whole(0, 100_000).default(20),
  SHUTDOWN_GRACE_SECONDS: whole(0, 3600).default(10),
  BACKUP_HOURS: whole(0, 8760).default(24),
  BACKUP_KEEP: whole(0, 1000).default(7),
  METRICS_TOKEN: optionalString.pipe(
    z
      .string()
      .regex(/^\S{16,200}$/, 'must be 16 to 200 characters without spaces')
      .optional(),
  ),
})

/** Only the data source keys' names are read here; a blank value counts as not configured. */
const ApiKeysSchema = z.partialRecord(z.enum(apiKeyNames), optionalString)

export type Config = {
  port: number
  host: string
  dataDir: string
  databaseUrl: string | undefined
  admin: { username: string; password: string | undefined; email: string }
  logLevel: z.infer<typeof ConfigSchema>['LOG_LEVEL']
  sessionTtlDays: number
  /** How often deadline reminders are looked for; 0 turns the job off. */
  reminderIntervalMinutes: number
  /**
   * Where document bytes live: 'database' (every server sharing the database reaches them; the default
   * with DATABASE_URL) or 'files' (DATA_DIR/files; the default with the embedded database).
   */
  storage: 'database' | 'files'
  /** 'auto' loads the shipped patent corpus on first start; 'none' starts with an empty one. */
  corpus: 'auto' | 'none'
  /** The corpus folder 'auto' loads instead of the shipped one (the browser tests' smaller corpus). */
  corpusDir: string | undefined
  /** External patent sources, used when their keys are set (EPO's credentials are apiKeys.EPO_OPS_API). */
  serpApi: { key: string; url: string } | undefined
  epoOpsUrl: string
  /** An OpenAI-compatible model that refines the offline analysis, when both settings are given. */
  llm: { baseUrl: string; model: string; apiKey: string | undefined } | undefined
  /**
   * How many proxies stand in front: the client address is the one the outermost of them appended to
   * X-Forwarded-For, never an entry the client wrote itself. 0: the connection's own address.
   */
  trustProxy: number
  /** The address users reach the app at, for links in mail. */
  publicUrl: string
  smtpUrl: string | undefined
  mailFrom: string
  /** How untrusted documents are read: worker threads, queue and limits (docs/security.md). */
  documentReading: DocumentReadingLimits
  /** Bytes one user's documents may take in all, attached and pending, in MB. */
  userStorageMb: number
  /**
   * The analysis engine's deadline in its thread (its own time, not the corpus's answers), and the public
   * analyses one client address may ask for per minute (0: no limit).
   */
  analysis: { timeoutSeconds: number; perMinute: number }
  /** How long a stopping server lets the requests in flight finish before it ends anyway. */
  shutdownGraceSeconds: number
  /**
   * The embedded database's automatic backups in DATA_DIR/backups: one when the newest is `hours` old, the
   * newest `keep` kept; 0 for either turns them off.
   */
  backups: { hours: number; keep: number }
  /** The bearer token `GET /metrics` asks for; without it there is no such page. */
  metricsToken: string | undefined
  /** Keys of the external data sources; only whether each is set ever reaches a client. */
  apiKeys: Partial<Record<ApiKeyName, string>>
  /** Where the built client lives; absent in API-only tests. */
  webDist: string | undefined
}

export class ConfigError extends Error {}

/** Reads the environment once; the only place that reads process.env. */
/** A base address without its closing slashes (each is joined to paths that begin with one). */
const withoutTrailingSlashes = (url: string) => url.replace(/(?<!\/)\/+$/, '')

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ConfigSchema.safeParse(env)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
    throw new ConfigError(`Invalid settings:\n${lines.join('\n')}`)
  }
  const e = parsed.data
  if (env.EPO_OPS_API?.trim() && !/^[^:]+:.+$/.test(env.EPO_OPS_API.trim())) {
    throw new ConfigError('Invalid settings:\n  EPO_OPS_API: must be "consumer key:consumer secret"')
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    admin: { username: e.ADMIN_USERNAME, password: e.ADMIN_PASSWORD, email: e.ADMIN_EMAIL },
    logLevel: e.LOG_LEVEL,
    sessionTtlDays: e.SESSION_TTL_DAYS,
    reminderIntervalMinutes: e.REMINDER_INTERVAL_MINUTES,
    trustProxy: e.TRUST_PROXY,
    corpus: e.CORPUS,
    corpusDir: e.CORPUS_DIR && path.resolve(e.CORPUS_DIR),
    storage: e.STORAGE ?? (e.DATABASE_URL ? 'database' : 'files'),
    serpApi: e.SERPAPI_KEY ? { key: e.SERPAPI_KEY, url: withoutTrailingSlashes(e.SERPAPI_URL) } : undefined,
    epoOpsUrl: withoutTrailingSlashes(e.EPO_OPS_URL),
    llm:
      e.LLM_BASE_URL && e.LLM_MODEL
        ? { baseUrl: withoutTrailingSlashes(e.LLM_BASE_URL), model: e.LLM_MODEL, apiKey: e.LLM_API_KEY }
        : undefined,
    publicUrl: withoutTrailingSlashes(e.PUBLIC_URL ?? `http://localhost:${e.PORT}`),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    documentReading: {
      workers: e.DOCUMENT_WORKERS,
      queue: e.DOCUMENT_QUEUE,
      timeoutSeconds: e.DOCUMENT_TIMEOUT_SECONDS,
      workerMemoryMb: e.DOCUMENT_WORKER_MEMORY_MB,
      maxMegapixels: e.DOCUMENT_MAX_MEGAPIXELS,
      maxMarkupMb: e.DOCUMENT_MAX_MARKUP_MB,
      maxInflatedMb: e.DOCUMENT_MAX_INFLATED_MB,
      maxPdfPages: e.DOCUMENT_MAX_PDF_PAGES,
    },
    userStorageMb: e.USER_STORAGE_MB,
    analysis: { timeoutSeconds: e.ANALYSIS_TIMEOUT_SECONDS, perMinute: e.ANALYSIS_PER_MINUTE },
    shutdownGraceSeconds: e.SHUTDOWN_GRACE_SECONDS,
    backups: { hours: e.BACKUP_HOURS, keep: e.BACKUP_KEEP },
    metricsToken: e.METRICS_TOKEN,
    apiKeys: Object.fromEntries(
      Object.entries(ApiKeysSchema.parse(Object.fromEntries(apiKeyNames.map((n) => [n, env[n]])))).filter(
        ([, value]) => value,
      ),
    ),
    webDist: serverPaths.webDist,
  }
}
