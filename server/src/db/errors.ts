type DriverError = { code?: string; constraint?: string; message?: string; cause?: unknown } | undefined

/** The driver's error within `error`: Drizzle may wrap it in `cause`. */
function driverError(error: unknown, test: (e: NonNullable<DriverError>) => boolean) {
  for (let e = error as DriverError; e; e = e.cause as DriverError) if (test(e)) return e
  return undefined
}

/** Postgres reports a unique violation as SQLSTATE 23505: the constraint's name, or undefined. */
export function uniqueViolation(error: unknown): string | undefined {
  const found = driverError(error, (e) => e.code === '23505')
  return found && (found.constraint ?? '')
}

/** Whether Postgres refused a value for a limit of its own (SQLSTATE class 54, such as a tsvector too long). */
export const overLimit = (error: unknown) =>
  driverError(error, (e) => typeof e.code === 'string' && e.code.startsWith('54')) !== undefined

/**
 * Node's codes for a connection refused, cut or timed out; PostgreSQL's shutting down, crashed and starting
 * up (57P01-57P03); class 08 is its own connection exceptions.
 */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  '57P01',
  '57P02',
  '57P03',
])
/** node-postgres's words for a connection lost or not made in time, which come without a code. */
const UNREACHABLE_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/

/**
 * Whether the database could not be reached or the connection was lost: the request's outcome is unknown
 * to the server, which answers 503 rather than claim success or blame the request.
 */
export const unreachable = (error: unknown) =>
  driverError(
    error,
    (e) =>
      (typeof e.code === 'string' && (UNREACHABLE_CODES.has(e.code) || e.code.startsWith('08'))) ||
      (typeof e.message === 'string' && UNREACHABLE_MESSAGES.test(e.message)),
  ) !== undefined
