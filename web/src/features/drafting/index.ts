/** What other features may use of the drafting feature: the live checks, as a panel and as a query. */
export { useDraftingChecks } from './api'
export { DraftingPanel } from './drafting-panel'
