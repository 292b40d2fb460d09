/**
 * A server that only stops by signal (shutdown.ts), for shutdown.test.ts: one route that never answers,
 * so a request to it is always in flight. Listens on PORT and prints "ready"; SHUTDOWN_GRACE_SECONDS as
 * the server reads it.
 */
import Fastify from 'fastify'
import pino from 'pino'
import { loadConfig } from '~/config'
import { closeOnSignals } from '~/shutdown'

const config = loadConfig()
const app = Fastify({ loggerInstance: pino({ level: 'info' }) })
app.get('/never', () => new Promise(() => {}))
closeOnSignals({ app, graceSeconds: config.shutdownGraceSeconds, close: async () => {} })
await app.listen({ port: config.port, host: '127.0.0.1' })
app.log.info('PatentDesk is ready')
