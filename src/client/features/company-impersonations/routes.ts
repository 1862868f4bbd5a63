import type { RouteEntry } from '../../routing/types';

/**
 * The company's audit list of "open company as administrator" (issue 39): who at the platform
 * opened the company, when, why, and what they changed. Named like the spec's company screens
 * (/company-documents, /company-profile); LOG-FILES, the permission of the company's logs.
 */
export const companyImpersonationsRoutes: readonly RouteEntry[] = [
  {
    name: 'r_company-impersonations',
    path: '/company-impersonations',
    title: { code: 'impersonation.title', english: 'Administrator access' },
    permission: 'LOG-FILES',
    menu: true,
    surface: 'browser',
    screen: () => import(/* webpackChunkName: "company-impersonations" */ './screens/impersonations-screen'),
  },
];
