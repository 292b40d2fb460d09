import { alias } from 'drizzle-orm/pg-core'
import { users } from '~/db/schema'

/**
 * Who made a recorded change (a status change, a UK date): join `changer`, select `changerColumns`.
 * Shared by the applications' status history and the filing changes.
 */
export const changer = alias(users, 'changer')
export const changerColumns = { id: changer.id, fullName: changer.fullName, isAdmin: changer.isAdmin }
