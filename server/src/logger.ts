import pino from 'pino'

/**
 * The server's log: readable lines in a terminal, JSON lines otherwise (a file, a pipe, a log collector),
 * which is what tools and `bench:memory` read.
 */
export function createLogger(level: string, terminal = process.stdout.isTTY === true) {
  if (!terminal) return pino({ level })
  return pino({
    level,
    transport: {
      target: 'pino-pretty',
      options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' },
    },
  })
}
