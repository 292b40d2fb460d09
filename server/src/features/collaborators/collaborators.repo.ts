import type { CollaboratorRole } from '@patentdesk/contract/collaborator-roles'
import { and, asc, count, desc, eq, sql } from 'drizzle-orm'
import type { Db } from '~/db/database'
import { applicationCollaborators, patentApplications, users } from '~/db/schema'

const columns = {
  collaborator: applicationCollaborators,
  user: { id: users.id, username: users.username, fullName: users.fullName },
}

export type CollaboratorRow = {
  collaborator: typeof applicationCollaborators.$inferSelect
  user: { id: number; username: string; fullName: string } | null
}

export function listCollaborators(db: Db, applicationId: number): Promise<CollaboratorRow[]> {
  return db
    .select(columns)
    .from(applicationCollaborators)
    .leftJoin(users, eq(users.id, applicationCollaborators.userId))
    .where(eq(applicationCollaborators.applicationId, applicationId))
    .orderBy(asc(applicationCollaborators.id))
}

export async function findCollaborator(db: Db, applicationId: number, collaboratorId: number) {
  const [row] = await db
    .select(columns)
    .from(applicationCollaborators)
    .leftJoin(users, eq(users.id, applicationCollaborators.userId))
    .where(
      and(
        eq(applicationCollaborators.applicationId, applicationId),
        eq(applicationCollaborators.id, collaboratorId),
      ),
    )
  return row as CollaboratorRow | undefined
}

export async function countCollaborators(db: Db, applicationId: number) {
  const [row] = await db
    .select({ n: count() })
    .from(applicationCollaborators)
    .where(eq(applicationCollaborators.applicationId, applicationId))
  return row?.n ?? 0
}

/** The account with this email address, whatever its case. */
export async function findUserByEmail(db: Db, email: string) {
  const [row] = await db
    .select({ id: users.id, username: users.username, fullName: users.fullName })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
  return row
}

export async function insertCollaborator(db: Db, values: typeof applicationCollaborators.$inferInsert) {
  const [row] = await db
    .insert(applicationCollaborators)
    .values(values)
    .returning({ id: applicationCollaborators.id })
  return row?.id as number
}

export async function setRole(db: Db, collaboratorId: number, role: CollaboratorRole) {
  await db
    .update(applicationCollaborators)
    .set({ role })
    .where(eq(applicationCollaborators.id, collaboratorId))
}

export async function deleteCollaborator(db: Db, collaboratorId: number) {
  await db.delete(applicationCollaborators).where(eq(applicationCollaborators.id, collaboratorId))
}

/** The pending invitation a mailed token names, locked until the transaction ends (one acceptance). */
export async function lockInvitation(db: Db, tokenHash: string) {
  const [row] = await db
    .select()
    .from(applicationCollaborators)
    .where(eq(applicationCollaborators.tokenHash, tokenHash))
    .for('update')
  return row
}

export async function findMembership(db: Db, applicationId: number, userId: number) {
  const [row] = await db
    .select({ id: applicationCollaborators.id })
    .from(applicationCollaborators)
    .where(
      and(
        eq(applicationCollaborators.applicationId, applicationId),
        eq(applicationCollaborators.userId, userId),
      ),
    )
  return row
}

export async function acceptInvitation(db: Db, collaboratorId: number, userId: number) {
  await db
    .update(applicationCollaborators)
    .set({ userId, tokenHash: null })
    .where(eq(applicationCollaborators.id, collaboratorId))
}

/** The applications shared with the user, most recently updated first, with the owner's name. */
export function listShared(db: Db, userId: number) {
  return db
    .select({
      application: {
        id: patentApplications.id,
        reference: patentApplications.reference,
        title: patentApplications.title,
        status: patentApplications.status,
        createdAt: patentApplications.createdAt,
        updatedAt: patentApplications.updatedAt,
        submittedAt: patentApplications.submittedAt,
      },
      role: applicationCollaborators.role,
      ownerName: users.fullName,
    })
    .from(applicationCollaborators)
    .innerJoin(patentApplications, eq(patentApplications.id, applicationCollaborators.applicationId))
    .leftJoin(users, eq(users.id, patentApplications.userId))
    .where(eq(applicationCollaborators.userId, userId))
    .orderBy(desc(patentApplications.updatedAt), desc(patentApplications.id))
}
