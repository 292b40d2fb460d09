/** What other features may use of the filing feature: the application's UK Filing tab, the dashboard's card. */
export { FilingTab } from './filing-tab'
export { UpcomingDeadlinesCard } from './upcoming-deadlines-card'
