import type { RouteEntry } from '../../routing/types';

const list = () => import(/* webpackChunkName: "levels" */ './screens/levels-screen');
const form = () => import(/* webpackChunkName: "levels" */ './screens/level-screen');
const qrCode = () => import(/* webpackChunkName: "levels" */ './screens/level-qr-code-screen');

const READ = [
  ['LEVELS', 'read'],
  ['MANAGE_LEVELS', 'read'],
] as const;

/** spec §2 /levels and /level/{level_id?} (LEVELS; MANAGE_LEVELS read): the tree, add and edit. */
export const levelsRoutes: readonly RouteEntry[] = [
  {
    name: 'r_levels',
    path: '/levels',
    title: { code: 'levels.title', english: 'Levels' },
    permission: READ,
    menu: true,
    surface: 'browser',
    screen: list,
  },
  {
    name: 'r_level',
    path: '/level/:level_id?',
    title: { code: 'levels.level', english: 'Level' },
    permission: READ,
    surface: 'browser',
    screen: form,
    children: [
      {
        name: 'r_level-qr-code',
        path: 'qr-code',
        title: { code: 'levels.qr-code', english: 'QR code' },
        permission: READ,
        screen: qrCode,
      },
    ],
  },
];
