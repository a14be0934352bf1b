/**
 * What the notifications module offers other modules (decision 0018, "Boundaries"): adding an
 * entry to the Notifications screen in the transaction of what it reports (`insertNotification`).
 */
export {
  insertNotification,
  type NewNotification,
  type NotificationSeverity,
} from './notification-repository.ts';
