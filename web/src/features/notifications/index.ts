export { NOTIFICATIONS_KEY, useNotifications } from './api/notifications';
export { NotificationBell } from './components/notification-bell';
export { NotificationSettingsPage } from './components/notification-settings-page';
export { NotificationsPage } from './components/notifications-page';
