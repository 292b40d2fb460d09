/** The rows of a raw `db.execute()`: the two drivers answer in different shapes, and both carry `rows`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows
}
