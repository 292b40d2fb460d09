/** What other features may use of the applications feature: the detail view, which the admin review composes. */
export { ApplicationDetail, type DetailTab } from './application-detail'
