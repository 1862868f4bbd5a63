import { ROUTE_PATHS } from './route-paths';
import { fillPath, type RouteParams } from './tree';

/** A route of the table, by name: a misspelled name does not compile. */
export type RouteName = keyof typeof ROUTE_PATHS;

export function routeExists(name: string): name is RouteName {
  return Object.hasOwn(ROUTE_PATHS, name);
}

/** A link to a named route: href('r_about-application-versions'), href('r_level-edit', { levelId: 3 }). */
export function href(name: RouteName, params?: RouteParams): string {
  if (!routeExists(name)) throw new Error(`Unknown route ${name}`);
  return fillPath(ROUTE_PATHS[name], params);
}
