import type { Db } from './database'

/**
 * A query that runs on every request, built once per database rather than on every call: Drizzle then
 * skips composing its SQL each time, and on PostgreSQL the name Drizzle's `prepare(name)` takes makes it
 * a prepared statement each pooled connection parses and plans once. Values go in through
 * `sql.placeholder`. Worth it only on hot paths (docs/decisions/0013).
 */
export function preparedPerDb<T>(build: (db: Db) => T) {
  const built = new WeakMap<Db, T>()
  return (db: Db) => {
    let query = built.get(db)
    if (!query) {
      query = build(db)
      built.set(db, query)
    }
    return query
  }
}
