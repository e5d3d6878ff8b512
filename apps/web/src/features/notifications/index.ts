/** Public surface of the notifications feature (its routes load lazily from routes/). */
export { NotificationToasts, requestNotificationPoll } from './hooks/use-notification-toasts';
export { notificationKeys } from './api/keys';
