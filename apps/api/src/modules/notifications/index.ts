// The notifications module's public entry: other modules, the demo data and the app import it only through here
// (decision 800). Add a name here when another layer needs it.
export { notificationsRoutes } from './notifications.routes.ts';
export { type NewNotification, type NotificationFor, notify, notifyAdmins, notifyEach, notifyIn, notifyMany } from './notifications.service.ts';
