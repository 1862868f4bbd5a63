import type { RouteEntry } from '../../routing/types';

const cockpit = () => import(/* webpackChunkName: "cockpit" */ './screens/cockpit-screen');
const settings = () => import(/* webpackChunkName: "cockpit" */ './screens/cockpit-settings-screen');
const items = () => import(/* webpackChunkName: "cockpit" */ './screens/cockpit-items-screen');

/** spec §2 /cockpit (COCKPIT): settings (visitor-management, bookings). */
export const cockpitRoutes: readonly RouteEntry[] = [
  {
    name: 'r_cockpit',
    path: '/cockpit',
    title: { code: 'cockpit.title', english: 'Cockpit' },
    permission: 'COCKPIT',
    menuPreference: 'COCKPIT',
    menu: true,
    surface: 'browser',
    screen: cockpit,
    children: [
      {
        name: 'r_cockpit-settings',
        path: 'settings',
        title: { code: 'cockpit.settings', english: 'Arrange the cockpit' },
        permission: 'COCKPIT',
        screen: settings,
        children: [
          {
            name: 'r_cockpit-settings-visitor-management',
            path: 'visitor-management',
            title: { code: 'cockpit.settings-visitors', english: 'Visitor figures' },
            permission: 'COCKPIT',
            screen: () => items().then((module) => ({ default: module.VisitorItemsScreen })),
          },
          {
            name: 'r_cockpit-settings-bookings',
            path: 'bookings',
            title: { code: 'cockpit.settings-bookings', english: 'Booking figures' },
            permission: 'COCKPIT',
            screen: () => items().then((module) => ({ default: module.BookingItemsScreen })),
          },
        ],
      },
    ],
  },
];
