import type { AuthUser } from './auth.service'

type Entry = { user: AuthUser; expiresAt: number; lastUsedAt: number }

/** Enough for every signed-in user of a single-process server; past it the cache starts afresh. */
const MAX_ENTRIES = 10_000

/**
 * Sessions already looked up, by token hash, for the embedded database only: PGlite serves one process
 * (the data folder is locked), so every change to a session or a user passes through this process's auth
 * service, which forgets everything on each. With PostgreSQL several servers may share the sessions, and
 * each request reads its session from the database (docs/decisions/0013).
 */
export function createSessionCache(enabled: boolean) {
  const entries = new Map<string, Entry>()
  // Bumped by forget(): a lookup that was under way when a session changed must not store what it read.
  let generation = 0

  return {
    get(tokenHash: string, now: number) {
      const entry = entries.get(tokenHash)
      if (entry && entry.expiresAt <= now) entries.delete(tokenHash)
      return entry && entry.expiresAt > now ? entry : undefined
    },

    /** Runs a database lookup and keeps its answer, unless a change came in while it ran. */
    async remember(tokenHash: string, lookup: () => Promise<Entry | undefined>) {
      const started = generation
      const entry = await lookup()
      if (!enabled || !entry || generation !== started) return entry
      if (entries.size >= MAX_ENTRIES) entries.clear()
      entries.set(tokenHash, entry)
      return entry
    },

    forget() {
      generation += 1
      entries.clear()
    },
  }
}

export type SessionCache = ReturnType<typeof createSessionCache>
