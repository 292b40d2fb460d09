import {
  ApiKeyStatusSchema,
  DatabaseStatusSchema,
  DataSourceDetailSchema,
  DataSourceParamsSchema,
} from '@patentdesk/contract/settings'
import type { App } from '~/app-type'
import type { SettingsService } from './settings.service'

export function settingsRoutes(app: App, { settings }: { settings: SettingsService }) {
  app.get('/api/public/config/api-keys', { schema: { response: { 200: ApiKeyStatusSchema } } }, () =>
    settings.apiKeyStatus(),
  )

  app.get(
    '/api/public/config/data-source/:source',
    { schema: { params: DataSourceParamsSchema, response: { 200: DataSourceDetailSchema } } },
    (request) => settings.dataSource(request.params.source),
  )

  app.get('/api/settings/database', { schema: { response: { 200: DatabaseStatusSchema } } }, () =>
    settings.databaseStatus(),
  )
}
