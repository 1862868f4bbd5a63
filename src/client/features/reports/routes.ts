import type { RouteEntry } from '../../routing/types';
import { RESERVATION_REPORTS } from '../../../shared/reports/sections';

const home = () => import(/* webpackChunkName: "reports" */ './screens/reports-screen');
const report = () => import(/* webpackChunkName: "reports" */ './screens/report-screen');
const map = () => import(/* webpackChunkName: "reports" */ './screens/report-map-screen');
const filters = () => import(/* webpackChunkName: "reports" */ './screens/report-filters-screen');
const savePreset = () => import(/* webpackChunkName: "reports" */ './screens/save-preset-screen');
const servicesReport = () =>
  import(/* webpackChunkName: "reports" */ './screens/services-auto-release-screens');

const BOOKINGS = 'REPORTS_BOOKINGS';

/**
 * spec §2 /reports (REPORTS): reservations (REPORTS_BOOKINGS) with its reports, each with map and
 * search-filters, most with save-preset. The screens find their section from the address
 * (sections.ts). services (REPORTS_SERVICES): auto-release with its search-filters.
 */
export const reportsRoutes: readonly RouteEntry[] = [
  {
    name: 'r_reports',
    path: '/reports',
    title: { code: 'reports.title', english: 'Reports' },
    permission: 'REPORTS',
    menuPreference: 'REPORTS',
    menu: true,
    surface: 'browser',
    screen: home,
    children: RESERVATION_REPORTS.map((entry): RouteEntry => ({
      name: `r_reports-reservations-${entry.segment}`,
      path: `reservations/${entry.segment}`,
      title: { code: entry.title[0], english: entry.title[1] },
      permission: BOOKINGS,
      screen: report,
      children: [
        {
          name: `r_reports-reservations-${entry.segment}-map`,
          path: 'map',
          title: { code: 'reports.map', english: 'Occupancy map' },
          permission: BOOKINGS,
          screen: map,
        },
        {
          name: `r_reports-reservations-${entry.segment}-search-filters`,
          path: 'search-filters',
          title: { code: 'reports.search-filters', english: 'Search filters' },
          permission: BOOKINGS,
          screen: filters,
        },
        ...(entry.preset
          ? [
              {
                name: `r_reports-reservations-${entry.segment}-save-preset`,
                path: 'save-preset',
                title: { code: 'reports.save-preset', english: 'Save preset' },
                permission: BOOKINGS,
                screen: savePreset,
              } satisfies RouteEntry,
            ]
          : []),
      ],
    })).concat([
      {
        name: 'r_reports-services-auto-release',
        path: 'services/auto-release',
        title: { code: 'reports.services.auto-release', english: 'Services and auto-release' },
        permission: 'REPORTS_SERVICES',
        screen: () => servicesReport().then((module) => ({ default: module.ServicesAutoReleaseScreen })),
        children: [
          {
            name: 'r_reports-services-auto-release-search-filters',
            path: 'search-filters',
            title: { code: 'reports.search-filters', english: 'Search filters' },
            permission: 'REPORTS_SERVICES',
            screen: () =>
              servicesReport().then((module) => ({ default: module.ServicesAutoReleaseFiltersScreen })),
          },
        ],
      },
    ]),
  },
];
