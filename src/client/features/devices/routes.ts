import type { RouteEntry } from '../../routing/types';

const devices = () => import(/* webpackChunkName: "devices" */ './screens/devices-screen');
const deviceUsers = () => import(/* webpackChunkName: "devices" */ './screens/device-users-screen');
const display = () => import(/* webpackChunkName: "display" */ './screens/display-screen');

/**
 * spec §2 /devices (DEVICES) with its users, and the public room display /display/{code}
 * (docs/devices-and-displays.md).
 */
export const devicesRoutes: readonly RouteEntry[] = [
  {
    name: 'r_devices',
    path: '/devices',
    title: { code: 'devices.title', english: 'Devices' },
    permission: ['DEVICES', 'read'],
    menu: true,
    surface: 'browser',
    screen: devices,
    children: [
      {
        name: 'r_devices-users',
        path: 'users',
        title: { code: 'devices.users.title', english: 'Device users' },
        permission: ['DEVICES', 'read'],
        screen: deviceUsers,
      },
    ],
  },
  {
    name: 'r_display',
    path: '/display/:code',
    access: 'public',
    title: { code: 'devices.display.title', english: 'Room display' },
    surface: 'browser',
    screen: display,
  },
];
