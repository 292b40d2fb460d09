/** What other features may use of the notifications feature: the list and its items (the dashboard's card). */
export { useNotifications } from './api'
export { NotificationItems } from './notification-items'
