import {
  type ApiKeyName,
  type ApiKeyStatus,
  apiKeyBySource,
  apiKeyNames,
  type DatabaseStatus,
  type DataSourceDetail,
  DataSourceIdSchema,
  dataSourceNames,
} from '@patentdesk/contract/settings'
import type { Config } from '~/config'
import type { Database } from '~/db/database'
import * as schema from '~/db/schema'
import { AppError } from '~/errors'
import { dataSources } from './data-sources'

/** The tables the Database tab counts, under their SQL names. */
const countedTables = {
  users: schema.users,
  sessions: schema.sessions,
  patent_applications: schema.patentApplications,
  patent_documents: schema.patentDocuments,
  feedback: schema.feedback,
  notifications: schema.notifications,
  analysis_results: schema.analysisResults,
  patents: schema.patents,
}

export function createSettingsService(deps: { config: Pick<Config, 'apiKeys'>; database: Database }) {
  const configured = (name: ApiKeyName) => Boolean(deps.config.apiKeys[name])

  return {
    apiKeyStatus(): ApiKeyStatus {
      const apiKeys = Object.fromEntries(apiKeyNames.map((name) => [name, configured(name)])) as Record<
        ApiKeyName,
        boolean
      >
      return {
        success: true,
        data: { apiKeys },
        configuredApiCount: Object.values(apiKeys).filter(Boolean).length,
        totalApiCount: apiKeyNames.length,
      }
    },

    dataSource(source: string): DataSourceDetail {
      const id = DataSourceIdSchema.safeParse(source)
      if (!id.success) throw new AppError('NOT_FOUND', `Unknown data source '${source}'.`)
      return {
        success: true,
        data: {
          id: id.data,
          name: dataSourceNames[id.data],
          ...dataSources[id.data],
          keyConfigured: configured(apiKeyBySource[id.data]),
        },
      }
    },

    /** Live row counts, the driver in use and whether it answers. */
    async databaseStatus(): Promise<DatabaseStatus> {
      const { db, driver } = deps.database
      const ok = await deps.database.ping()
      if (!ok) return { driver, ok, tables: [] }
      const tables = await Promise.all(
        Object.entries(countedTables).map(async ([name, table]) => ({ name, rows: await db.$count(table) })),
      )
      return { driver, ok, tables }
    },
  }
}

export type SettingsService = ReturnType<typeof createSettingsService>
