import { accessRoutes } from '../features/access/routes';
import { visitorsRoutes } from '../features/visitors/routes';
import { actionsRoutes } from '../features/actions/routes';
import { bookingsRoutes } from '../features/bookings/routes';
import { calendarRoutes } from '../features/calendar/routes';
import { cockpitRoutes } from '../features/cockpit/routes';
import { cleanRoutes } from '../features/clean/routes';
import { companyDocumentsRoutes } from '../features/company-documents/routes';
import { companyImpersonationsRoutes } from '../features/company-impersonations/routes';
import { companyProfileRoutes } from '../features/company-profile/routes';
import { connectorsSsoRoutes } from '../features/connectors-sso/routes';
import { connectorsRoutes } from '../features/connectors/routes';
import { devicesRoutes } from '../features/devices/routes';
import { generalRoutes } from '../features/general/routes';
import { levelsRoutes } from '../features/levels/routes';
import { logsRoutes } from '../features/logs/routes';
import { masterRoutes } from '../features/master/routes';
import { oneClickRoutes } from '../features/one-click/routes';
import { outlookRoutes } from '../features/outlook/routes';
import { planRoutes } from '../features/plan/routes';
import { companyPreferencesRoutes, preferencesRoutes } from '../features/preferences/routes';
import { passesRoutes } from '../features/passes/routes';
import { profileRoutes } from '../features/profile/routes';
import { twoFactorRoutes } from '../features/two-factor-authentication/routes';
import { qrCodeRoutes } from '../features/qr-codes/routes';
import { realTimeRoutes } from '../features/real-time/routes';
import { reportsRoutes } from '../features/reports/routes';
import { resourceAttributesRoutes } from '../features/resource-attributes/routes';
import { resourceTypesRoutes } from '../features/resource-types/routes';
import { resourcesRoutes } from '../features/resources/routes';
import { schedulerRoutes } from '../features/scheduler/routes';
import { servicesRoutes } from '../features/services/routes';
import { usersRoutes } from '../features/users/routes';
import { indexRoutes, resolveRoutes, visible, type Surface } from './tree';
import type { ResolvedRoute, RouteEntry } from './types';

/**
 * The one route table: every feature adds its entries here. Only routing/, entries/ and shell/ import
 * it: the entries import every screen (lazily), so a screen that imported the table would close a
 * cycle. Links come from routing/paths.ts, generated from this table.
 */
export const ROUTE_TABLE: readonly RouteEntry[] = [
  ...generalRoutes,
  ...outlookRoutes,
  ...companyProfileRoutes,
  ...companyImpersonationsRoutes,
  ...connectorsRoutes,
  ...companyPreferencesRoutes,
  ...preferencesRoutes,
  ...levelsRoutes,
  ...qrCodeRoutes,
  ...logsRoutes,
  ...resourceTypesRoutes,
  ...resourceAttributesRoutes,
  ...resourcesRoutes,
  ...servicesRoutes,
  ...planRoutes,
  ...realTimeRoutes,
  ...cleanRoutes,
  ...passesRoutes,
  ...actionsRoutes,
  ...calendarRoutes,
  ...schedulerRoutes,
  ...bookingsRoutes,
  ...connectorsSsoRoutes,
  ...profileRoutes,
  ...twoFactorRoutes,
  ...usersRoutes,
  ...devicesRoutes,
  ...reportsRoutes,
  ...cockpitRoutes,
  ...masterRoutes,
  ...accessRoutes,
  ...visitorsRoutes,
  ...oneClickRoutes,
  ...companyDocumentsRoutes,
];

export const RESOLVED_ROUTES: readonly ResolvedRoute[] = resolveRoutes(ROUTE_TABLE);
const BY_NAME = indexRoutes(RESOLVED_ROUTES);

const ON_SURFACE = new Map<Surface, readonly ResolvedRoute[]>();
/** The routes of the table on `surface` (visible), worked out once for the cold start and the router. */
export function routesOn(surface: Surface): readonly ResolvedRoute[] {
  let routes = ON_SURFACE.get(surface);
  if (!routes) {
    routes = RESOLVED_ROUTES.filter((route) => visible(route, surface));
    ON_SURFACE.set(surface, routes);
  }
  return routes;
}

export function resolvedRoute(name: string): ResolvedRoute | undefined {
  return BY_NAME.get(name);
}
