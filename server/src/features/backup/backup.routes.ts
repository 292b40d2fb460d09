import { PassThrough } from 'node:stream'
import { messages } from '@patentdesk/contract/errors'
import type { App } from '~/app-type'
import { AppError } from '~/errors'
import { bearerToken } from '~/shared/bearer'
import type { BackupService } from './backup.service'
import { redeemBackupToken } from './local-token'

/**
 * `POST /backup`: a backup file of the running server's data, streamed to `npm run cli -- backup`,
 * which proves with a one-time token it wrote into the data folder that it may read it anyway. To anyone
 * else, and with PostgreSQL, there is no such page (404).
 */
export function backupRoutes(app: App, { backup, dataDir }: { backup: BackupService; dataDir: string }) {
  // Sent as written: the file is gzip already, and what the CLI receives is what it checks.
  const options = { config: { public: true }, schema: { hide: true }, compress: false as const }
  app.post('/backup', options, async (request, reply) => {
    if (!backup.available || !redeemBackupToken(dataDir, bearerToken(request.headers.authorization)))
      throw new AppError('NOT_FOUND', messages.notFound)
    const out = new PassThrough()
    // Begun, the answer is under way: a failure cuts it, which the CLI's check of the file then reports.
    backup.write(out).catch((error: unknown) => {
      request.log.error({ err: error }, 'the backup failed')
      out.destroy(error as Error)
    })
    return reply.type('application/octet-stream').send(out)
  })
}
