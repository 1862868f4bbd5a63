import type { RouteEntry } from '../../routing/types';

const list = () => import(/* webpackChunkName: "levels" */ './screens/levels-screen');
const form = () => import(/* webpackChunkName: "levels" */ './screens/level-screen');
const qrCode = () => import(/* webpackChunkName: "levels" */ './screens/level-qr-code-screen');
const timezone = () => import(/* webpackChunkName: "levels" */ './screens/level-timezone-screen');
const country = () => import(/* webpackChunkName: "levels" */ './screens/level-country-screen');
const names = () => import(/* webpackChunkName: "levels" */ './screens/level-name-translations-screen');
const workingHours = () => import(/* webpackChunkName: "levels" */ './screens/level-working-hours-screen');
// The placement editor carries the floor plan component: its own chunk.
const map = () => import(/* webpackChunkName: "level-map" */ './screens/level-map-screen');

const READ = [
  ['LEVELS', 'read'],
  ['MANAGE_LEVELS', 'read'],
] as const;

/** spec §2 /level sub-screens, for adding (the draft) and editing (saved at once). */
const SUB_SCREENS: readonly RouteEntry[] = [
  {
    name: 'r_level-timezone',
    path: 'timezone',
    title: { code: 'levels.timezone', english: 'Timezone' },
    screen: timezone,
  },
  {
    name: 'r_level-country',
    path: 'country',
    title: { code: 'levels.country', english: 'Country' },
    screen: country,
  },
  { name: 'r_level-map', path: 'map', title: { code: 'levels.map', english: 'Floor map' }, screen: map },
  {
    name: 'r_level-name-translations',
    path: 'name-translations',
    title: { code: 'levels.name-translations', english: 'Name translations' },
    screen: names,
  },
  {
    name: 'r_level-working-hours',
    path: 'working-hours',
    title: { code: 'levels.working-hours', english: 'Working hours' },
    screen: workingHours,
  },
].map((entry) => ({ ...entry, permission: READ }) as RouteEntry);

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
      ...SUB_SCREENS,
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
