import { AdminUserListSchema } from '@patentdesk/contract/admin'
import type { App } from '~/app'
import type { AuthService } from '~/features/auth/auth.service'

export function adminRoutes(app: App, { auth }: { auth: AuthService }) {
  app.get('/api/admin/users', { schema: { response: { 200: AdminUserListSchema } } }, () => auth.listUsers())
}
