import { APPLICATION_IDS } from '../../../shared/contract/applications';
import type { RouteEntry } from '../../routing/types';

const maps = () => import(/* webpackChunkName: "real-time" */ './screens/real-time-screen');
const map = () => import(/* webpackChunkName: "real-time" */ './screens/real-time-map-screen');
const wall = () => import(/* webpackChunkName: "real-time-wall" */ './screens/wall-screen');

/**
 * spec §2 /real-time (REAL_TIME, application 7, menu preference REAL_TIME) and /real-time/map/:mapId;
 * the wall screen's public page, reached by a map's temporary token (docs/real-time-and-cleaning.md).
 */
export const realTimeRoutes: readonly RouteEntry[] = [
  {
    name: 'r_real-time',
    path: '/real-time',
    title: { code: 'real-time.title', english: 'Real-time maps' },
    permission: 'REAL_TIME',
    application: APPLICATION_IDS.realTime,
    menuPreference: 'REAL_TIME',
    menu: true,
    surface: 'browser',
    screen: maps,
    children: [
      {
        name: 'r_real-time-map',
        path: 'map/:mapId',
        title: { code: 'real-time.map-title', english: 'Real-time map' },
        permission: 'REAL_TIME',
        screen: map,
      },
    ],
  },
  {
    name: 'r_real-time-wall',
    path: '/real-time-wall/:code',
    access: 'public',
    title: { code: 'real-time.wall-title', english: 'Live floor map' },
    surface: 'browser',
    screen: wall,
  },
];
