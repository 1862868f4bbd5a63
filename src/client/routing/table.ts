import { actionsRoutes } from '../features/actions/routes';
import { bookingsRoutes } from '../features/bookings/routes';
import { calendarRoutes } from '../features/calendar/routes';
import { companyProfileRoutes } from '../features/company-profile/routes';
import { connectorsSsoRoutes } from '../features/connectors-sso/routes';
import { connectorsRoutes } from '../features/connectors/routes';
import { generalRoutes } from '../features/general/routes';
import { levelsRoutes } from '../features/levels/routes';
import { outlookRoutes } from '../features/outlook/routes';
import { planRoutes } from '../features/plan/routes';
import { companyPreferencesRoutes, preferencesRoutes } from '../features/preferences/routes';
import { passesRoutes } from '../features/passes/routes';
import { profileRoutes } from '../features/profile/routes';
import { qrCodeRoutes } from '../features/qr-codes/routes';
import { resourceAttributesRoutes } from '../features/resource-attributes/routes';
import { resourceTypesRoutes } from '../features/resource-types/routes';
import { resourcesRoutes } from '../features/resources/routes';
import { schedulerRoutes } from '../features/scheduler/routes';
import { fillPath, indexRoutes, resolveRoutes, visible, type RouteParams, type Surface } from './tree';
import type { ResolvedRoute, RouteEntry } from './types';

/** The one route table: every feature adds its entries here. */
export const ROUTE_TABLE: readonly RouteEntry[] = [
  ...generalRoutes,
  ...outlookRoutes,
  ...companyProfileRoutes,
  ...connectorsRoutes,
  ...companyPreferencesRoutes,
  ...preferencesRoutes,
  ...levelsRoutes,
  ...qrCodeRoutes,
  ...resourceTypesRoutes,
  ...resourceAttributesRoutes,
  ...resourcesRoutes,
  ...planRoutes,
  ...passesRoutes,
  ...actionsRoutes,
  ...calendarRoutes,
  ...schedulerRoutes,
  ...bookingsRoutes,
  ...connectorsSsoRoutes,
  ...profileRoutes,
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

export function routeExists(name: string): boolean {
  return BY_NAME.has(name);
}

export function resolvedRoute(name: string): ResolvedRoute | undefined {
  return BY_NAME.get(name);
}

/** A link to a named route: href('r_about-application-versions'), href('r_level-edit', { levelId: 3 }). */
export function href(name: string, params?: RouteParams): string {
  const route = BY_NAME.get(name);
  if (!route) throw new Error(`Unknown route ${name}`);
  return fillPath(route.fullPath, params);
}
