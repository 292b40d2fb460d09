import type { FastifyInstance } from 'fastify'

type Closable = Pick<FastifyInstance, 'log'> & { close(): PromiseLike<unknown> }

/**
 * A signal this soon after the first is that signal passed on, not an operator's second: `npm start` relays
 * to the server what its process group got (a stop by systemd, Ctrl-C in a terminal), which reaches the
 * server directly too, so the server gets each one twice, a few milliseconds apart.
 */
const RELAYED_WITHIN_MS = 1000

/**
 * Ends the server on SIGTERM or SIGINT (a deploy, a container stop, Ctrl-C) without cutting anyone off:
 * it stops accepting connections, lets the requests in flight finish (uploads and analyses included) for
 * up to `graceSeconds`, then runs `close` (jobs, worker pools, database) and exits 0. Past the grace period,
 * or on an operator's second signal, it exits 1 at once.
 */
export function closeOnSignals({
  app,
  graceSeconds,
  close,
}: {
  app: Closable
  graceSeconds: number
  close: () => Promise<void>
}) {
  let closingSince: number | undefined
  const onSignal = (signal: NodeJS.Signals) => {
    if (closingSince !== undefined) {
      if (performance.now() - closingSince < RELAYED_WITHIN_MS) return
      app.log.warn({ signal }, 'a second signal: ending now')
      process.exit(1)
    }
    closingSince = performance.now()
    app.log.info({ signal, graceSeconds }, 'shutting down: finishing the requests in flight')
    setTimeout(() => app.log.info('a second signal now ends the server at once'), RELAYED_WITHIN_MS).unref()
    setTimeout(() => {
      app.log.warn({ graceSeconds }, 'the grace period is over: ending with requests in flight')
      process.exit(1)
    }, graceSeconds * 1000).unref()
    // Fastify stops listening, closes idle keep-alive connections, answers 503 to new requests on busy
    // ones, and resolves once every request in flight is answered; its onClose hooks end the worker pools.
    Promise.resolve(app.close())
      .then(close)
      .then(
        () => {
          app.log.info('shut down')
          process.exit(0)
        },
        (error: unknown) => {
          app.log.error({ err: error }, 'shutting down failed')
          process.exit(1)
        },
      )
  }
  process.on('SIGINT', onSignal)
  process.on('SIGTERM', onSignal)
}
