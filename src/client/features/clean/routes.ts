import type { RouteEntry } from '../../routing/types';

const list = () => import(/* webpackChunkName: "clean" */ './screens/clean-screen');
const map = () => import(/* webpackChunkName: "clean" */ './screens/clean-map-screen');

/** spec §2 /clean (CLEAN): the list of what awaits cleaning, and the same on a floor map. */
export const cleanRoutes: readonly RouteEntry[] = [
  {
    name: 'r_clean',
    path: '/clean',
    title: { code: 'clean.title', english: 'Cleaning' },
    permission: 'CLEAN',
    menuPreference: 'CLEAN',
    menu: true,
    surface: 'browser',
    screen: list,
    children: [
      {
        name: 'r_clean-map',
        path: 'map',
        title: { code: 'clean.map-title', english: 'Cleaning map' },
        permission: 'CLEAN',
        screen: map,
      },
    ],
  },
];
