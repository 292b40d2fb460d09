import { AuditPageSchema, AuditQuerySchema } from '@patentdesk/contract/activity'
import type { App } from '~/app-type'
import { sendDownload } from '~/plugins/download'
import type { ActivityService } from './activity.service'

/** The administrators' audit log (/api/admin/ is for administrators only, plugins/auth.ts). */
export function activityRoutes(app: App, { activity }: { activity: ActivityService }) {
  app.get(
    '/api/admin/audit',
    { schema: { querystring: AuditQuerySchema, response: { 200: AuditPageSchema } } },
    (request) => activity.audit(request.query),
  )

  app.get('/api/admin/audit.csv', { schema: { querystring: AuditQuerySchema } }, async (request, reply) =>
    sendDownload(reply, {
      fileName: 'audit-log.csv',
      contentType: 'text/csv; charset=utf-8',
      body: await activity.auditCsv(request.query),
    }),
  )
}
