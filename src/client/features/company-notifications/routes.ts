import type { ComponentType } from 'react';
import type { RouteEntry } from '../../routing/types';

const list = () => import(/* webpackChunkName: "company-notifications" */ './screens/notifications-screen');
const form = () =>
  import(/* webpackChunkName: "company-notifications" */ './screens/notification-form-screen');

const pick =
  <M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string) =>
  () =>
    load().then((module) => ({ default: module[name] as ComponentType }));

/**
 * spec §2 /company-notifications (MANAGE_NOTIFICATIONS): add (create right) and
 * edit/{company_notification_id} (read right; saving needs update). The spec's sub-screens
 * (name-translations, description-translations, send-to, send-at) are sections of the one form
 * (docs/notifications.md "Decisions").
 */
export const companyNotificationsRoutes: readonly RouteEntry[] = [
  {
    name: 'r_company-notifications',
    path: '/company-notifications',
    title: { code: 'notifications.title', english: 'Company notifications' },
    permission: ['MANAGE_NOTIFICATIONS', 'read'],
    menu: true,
    surface: 'browser',
    screen: list,
    children: [
      {
        name: 'r_company-notifications-add',
        path: 'add',
        title: { code: 'notifications.add', english: 'Add notification' },
        permission: ['MANAGE_NOTIFICATIONS', 'create'],
        screen: pick(form, 'NotificationAddScreen'),
      },
      {
        name: 'r_company-notifications-edit',
        path: 'edit/:company_notification_id',
        title: { code: 'notifications.edit', english: 'Edit notification' },
        permission: ['MANAGE_NOTIFICATIONS', 'read'],
        screen: pick(form, 'NotificationEditScreen'),
      },
    ],
  },
];
