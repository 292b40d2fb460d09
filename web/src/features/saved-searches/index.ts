/** What other features may use of saved searches: the search page's Save button and new patents, the
 * details page's Watch button, the dashboard's list. */
export { useNewPatents, useSavedSearches } from './api'
export { NewPatentsPanel } from './new-patents-panel'
export { SaveSearchButton } from './save-search-button'
export { SavedSearchItems } from './saved-search-items'
export { WatchButton } from './watch-button'
