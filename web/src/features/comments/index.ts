/** What other features may use of the comments feature: the pieces the application's Details tab is made of. */
export { CommentablePart } from './commentable-part'
export { CommentsProvider } from './comments-context'
export { CommentsPanelEnd } from './panel-end'
export { CommentsPanelHeader } from './panel-header'
