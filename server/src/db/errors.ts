/** Postgres reports a unique violation as SQLSTATE 23505; Drizzle may wrap the driver error in `cause`. */
export function uniqueViolation(error: unknown): string | undefined {
  for (
    let e = error as { code?: string; constraint?: string; cause?: unknown } | undefined;
    e;
    e = e.cause as typeof e
  ) {
    if (e.code === '23505') return e.constraint ?? ''
  }
  return undefined
}
