import { and, asc, desc, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm'
import type { Db } from '~/db/database'
import { preparedPerDb } from '~/db/prepared'
import { passwordResets, recoveryCodes, sessions, users } from '~/db/schema'

export type UserRow = typeof users.$inferSelect
export type NewUser = typeof users.$inferInsert

/**
 * A username as the login lookup compares it with `lower(username)` (the unique index). The failed-login
 * limit keys on it too, so " alice", "alice " and "ALICE" share one allowance as they share one account.
 */
export const normalizeUsername = (username: string) => username.trim().toLowerCase()

export async function findUserByUsername(db: Db, username: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.username})`, normalizeUsername(username)))
  return row
}

export async function findUserById(db: Db, id: number) {
  const [row] = await db.select().from(users).where(eq(users.id, id))
  return row
}

export async function findUserIdsByLogin(db: Db, { username, email }: { username?: string; email?: string }) {
  const byUsername = username ? await findUserByUsername(db, username) : undefined
  const byEmail = email ? await findUserByEmail(db, email) : undefined
  return { usernameOwner: byUsername?.id, emailOwner: byEmail?.id }
}

export async function insertUser(db: Db, user: NewUser) {
  const [row] = await db.insert(users).values(user).returning()
  return row as UserRow
}

export async function updateUser(db: Db, id: number, changes: Partial<NewUser>) {
  const [row] = await db
    .update(users)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning()
  return row
}

export async function countUsers(db: Db) {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users)
  return row?.n ?? 0
}

export async function listUsers(db: Db) {
  return db.select().from(users).orderBy(asc(users.id))
}

export async function insertSession(db: Db, session: typeof sessions.$inferInsert) {
  const [row] = await db.insert(sessions).values(session).returning()
  return row as typeof sessions.$inferSelect
}

/**
 * The session of a token, live or expired, and what every request needs of its user, in one query. It runs
 * on every signed-in request, so it reads only these columns, is prepared once, and on PGlite is kept until
 * the next write (docs/decisions/0013).
 */
const sessionOfToken = preparedPerDb((db) =>
  db
    .select({
      session: { id: sessions.id, lastUsedAt: sessions.lastUsedAt, expiresAt: sessions.expiresAt },
      user: { id: users.id, username: users.username, isAdmin: users.isAdmin },
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
    .prepare('find_session'),
)

export async function findSession(db: Db, tokenHash: string) {
  const [row] = await sessionOfToken(db).execute({ tokenHash })
  return row
}

export async function touchSession(db: Db, id: number, now: Date) {
  await db.update(sessions).set({ lastUsedAt: now }).where(eq(sessions.id, id))
}

export async function deleteSession(db: Db, id: number) {
  await db.delete(sessions).where(eq(sessions.id, id))
}

/** Deletes every session of the user except `keepId`; answers how many went. */
export async function deleteOtherSessions(db: Db, userId: number, keepId: number) {
  const rows = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keepId)))
    .returning({ id: sessions.id })
  return rows.length
}

export async function deleteAllSessions(db: Db, userId: number) {
  const rows = await db.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id })
  return rows.length
}

export async function findUserByEmail(db: Db, email: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
  return row
}

export async function insertPasswordReset(db: Db, reset: typeof passwordResets.$inferInsert) {
  await db.insert(passwordResets).values(reset)
}

/** Marks a live, unused reset token used and answers its user id; undefined when there is none. */
export async function consumePasswordReset(db: Db, tokenHash: string, now: Date) {
  const [row] = await db
    .update(passwordResets)
    .set({ usedAt: now })
    .where(
      and(
        eq(passwordResets.tokenHash, tokenHash),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, now),
      ),
    )
    .returning({ userId: passwordResets.userId })
  return row?.userId
}

/** Marks every open reset link of the user used: after a new password or address, none may still work. */
export async function spendPasswordResets(db: Db, userId: number, now: Date) {
  await db
    .update(passwordResets)
    .set({ usedAt: now })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)))
}

export async function listAdminIds(db: Db) {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.isAdmin, true))
  return rows.map((r) => r.id)
}

export function listLiveSessions(db: Db, userId: number, now: Date) {
  return db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.lastUsedAt))
}

/**
 * Records `step` as the user's last TOTP step when it is later than the one recorded, in one statement, so
 * two requests with the same code cannot both pass. Answers whether it was recorded.
 */
export async function recordTotpStep(db: Db, userId: number, step: number) {
  const rows = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
    .returning({ id: users.id })
  return rows.length === 1
}

export async function replaceRecoveryCodes(db: Db, userId: number, codeHashes: string[]) {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId))
  if (codeHashes.length > 0)
    await db.insert(recoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })))
}

export async function countUnusedRecoveryCodes(db: Db, userId: number) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)))
  return row?.n ?? 0
}

/** Marks an unused recovery code of the user used; answers whether there was one. */
export async function spendRecoveryCode(db: Db, userId: number, codeHash: string, now: Date) {
  const rows = await db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, codeHash),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id })
  return rows.length === 1
}
