/** What other features may use of the activity feature: the application's Activity tab. */
export { ActivityTab } from './activity-tab'
