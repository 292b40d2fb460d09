/*
 * The roles of a collaborator and how screens name them: plain data, apart from the schemas of
 * collaborators.ts, so that a screen naming a role builds none of those (docs/decisions/0040).
 */

/** The roles an owner gives, each with what the one before has (docs/product.md, Working together). */
export const collaboratorRoles = ['viewer', 'commenter', 'editor'] as const
export type CollaboratorRole = (typeof collaboratorRoles)[number]

export const roleLabels: Record<CollaboratorRole, string> = {
  viewer: 'Viewer',
  commenter: 'Commenter',
  editor: 'Editor',
}

/** What each role may do, as the sharing dialog explains it. */
export const roleDescriptions: Record<CollaboratorRole, string> = {
  viewer: 'Reads the application, its documents, feedback and deadlines.',
  commenter: 'Also comments on the text.',
  editor: 'Also edits the draft and uploads documents.',
}
