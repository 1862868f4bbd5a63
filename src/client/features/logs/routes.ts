import type { RouteEntry } from '../../routing/types';

const logs = () => import(/* webpackChunkName: "logs" */ './screens/logs-screen');

/** spec §2 /logs (LOG-FILES): the audit log's switch and its CSV exports. */
export const logsRoutes: readonly RouteEntry[] = [
  {
    name: 'r_logs',
    path: '/logs',
    title: { code: 'logs.title', english: 'Logs' },
    permission: 'LOG-FILES',
    menu: true,
    surface: 'browser',
    screen: logs,
  },
];
