/** What other features may use of the collaborators feature: the Share dialog and the applications shared with the viewer. */
export { useSharedApplications } from './api'
export { ShareDialog } from './share-dialog'
