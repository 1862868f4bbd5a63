export { registerCompanyNotificationRoutes } from './company-notifications.routes';
export { sendDueNotifications, startNotificationDelivery } from './delivery';
export { userNotificationsChanged } from './notifications.notify';
