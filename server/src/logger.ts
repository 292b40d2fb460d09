import pino, { type DestinationStream, type LoggerOptions } from 'pino'

const redacted = '[redacted]'

/** A request URL with the value of every query parameter named `token` (any case) replaced. */
export function redactUrl(url: string) {
  const start = url.indexOf('?')
  if (start === -1) return url
  const query = url
    .slice(start + 1)
    .split('&')
    .map((pair) => {
      const name = pair.split('=', 1)[0] ?? ''
      return nameOf(name).toLowerCase() === 'token' ? `${name}=${redacted}` : pair
    })
  return `${url.slice(0, start)}?${query.join('&')}`
}

function nameOf(raw: string) {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '))
  } catch {
    return raw
  }
}

type LoggedRequest = {
  method?: string
  url?: string
  host?: string
  ip?: string
  socket?: { remotePort?: number }
}

/**
 * What the log keeps of a request and its answer, and never a secret: reset links carry their token in the
 * query, and headers (`Authorization`, cookies) are left out of the request line altogether; should anything
 * log headers itself, `redact` covers them.
 */
const options: LoggerOptions = {
  serializers: {
    req: (req: LoggedRequest) => ({
      method: req.method,
      url: typeof req.url === 'string' ? redactUrl(req.url) : req.url,
      host: req.host,
      remoteAddress: req.ip,
      remotePort: req.socket?.remotePort,
    }),
    res: (reply: { statusCode?: number }) => ({ statusCode: reply.statusCode }),
    err: pino.stdSerializers.err,
  },
  redact: {
    paths: [
      'headers.authorization',
      'headers.cookie',
      'headers["set-cookie"]',
      '*.headers.authorization',
      '*.headers.cookie',
      '*.headers["set-cookie"]',
    ],
    censor: redacted,
  },
}

/**
 * The server's log: readable lines in a terminal, JSON lines otherwise (a file, a pipe, a log collector),
 * which is what tools and `bench:memory` read. `destination` is for tests that read what was written.
 */
export function createLogger(
  level: string,
  output: { terminal?: boolean; destination?: DestinationStream } = {},
) {
  const { terminal = process.stdout.isTTY === true, destination } = output
  if (destination) return pino({ level, ...options }, destination)
  if (!terminal) return pino({ level, ...options })
  return pino({
    level,
    ...options,
    transport: {
      target: 'pino-pretty',
      options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' },
    },
  })
}
