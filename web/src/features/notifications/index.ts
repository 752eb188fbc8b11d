export { NOTIFICATIONS_KEY, useNotifications } from './api/notifications';
export { NotificationBell } from './components/notification-bell';
export { NotificationsPage } from './components/notifications-page';
