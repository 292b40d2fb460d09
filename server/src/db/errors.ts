type DriverError = { code?: string; constraint?: string; cause?: unknown } | undefined

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
