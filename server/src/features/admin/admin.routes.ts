import { AdminUserListSchema } from '@patentdesk/contract/admin'
import {
  AdminApplicationListSchema,
  ApplicationSchema,
  StatusBodySchema,
} from '@patentdesk/contract/applications'
import { IdParamsSchema } from '@patentdesk/contract/common'
import type { App } from '~/app-type'
import type { ApplicationsService } from '~/features/applications/applications.service'
import type { AuthService } from '~/features/auth/auth.service'
import { requireAdmin } from '~/plugins/auth'
import { sendDownload } from '~/plugins/download'

export function adminRoutes(
  app: App,
  { auth, applications }: { auth: AuthService; applications: ApplicationsService },
) {
  app.get('/api/admin/users', { schema: { response: { 200: AdminUserListSchema } } }, () => auth.listUsers())

  app.get('/api/admin/patents', { schema: { response: { 200: AdminApplicationListSchema } } }, () =>
    applications.listAll(),
  )

  app.get('/api/admin/patents/export.csv', async (_request, reply) =>
    sendDownload(reply, {
      fileName: 'applications.csv',
      contentType: 'text/csv; charset=utf-8',
      body: await applications.allCsv(),
    }),
  )

  app.put(
    '/api/admin/patents/:id/status',
    { schema: { params: IdParamsSchema, body: StatusBodySchema, response: { 200: ApplicationSchema } } },
    (request) => applications.setStatus(requireAdmin(request), request.params.id, request.body.status),
  )
}
