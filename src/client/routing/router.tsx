import type { ComponentType } from 'react';
import { redirect, type RouteObject } from 'react-router-dom';
import { NOT_FOUND_PATH } from './guards';
import { runGuards } from './run-guards';
import { routesOn } from './table';
import { routeAt, type Surface } from './tree';
import type { ResolvedRoute } from './types';

export { visible, type Surface } from './tree';

/** What every screen's route carries, read by the shell through useMatches(). */
export interface RouteHandle {
  route: ResolvedRoute;
}

export function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && 'route' in handle;
}

/**
 * A route: guards in the loader, the screen as a lazy chunk. Every route of the table, a child too,
 * is a route of its own at its full path: a child replaces its parent's screen (a sub-screen, with
 * a back link) rather than rendering inside it, so nothing is nested. Flat, the router has a third
 * fewer routes to rank and test on every match (each help child used to come with a pass-through
 * parent and an index route), and react-router matches all of them on each navigation and render.
 */
function leaf(
  route: ResolvedRoute,
  wrap: (screen: ComponentType, route: ResolvedRoute) => ComponentType,
): RouteObject {
  return {
    id: route.entry.name,
    path: route.fullPath,
    handle: { route } satisfies RouteHandle,
    loader: ({ request, params }) => runGuards(route, request, params),
    lazy: async () => {
      const module = await route.entry.screen();
      return { Component: wrap(module.default, route) };
    },
  };
}

const aliasId = (route: ResolvedRoute, alias: string) => `${route.entry.name}@${alias}`;

/** Anything unknown goes to /404 (spec §2). */
export const CATCH_ALL: RouteObject = { path: '*', loader: () => redirect(NOT_FOUND_PATH) };

/**
 * The router's routes, derived from the table, all at once. Paths match case-insensitively and with
 * an optional trailing slash (react-router's defaults); anything unknown goes to /404 (spec §2). The
 * app's routers learn the same routes one at a time (routeDiscovery); the tests hold the two to the
 * same answers.
 */
export function buildRoutes(
  surface: Surface,
  wrap: (screen: ComponentType, route: ResolvedRoute) => ComponentType,
): RouteObject[] {
  const routes = routesOn(surface);
  const aliases: RouteObject[] = routes
    .filter((route) => route.parent === null)
    .flatMap((route) =>
      (route.entry.aliases ?? []).map((alias) => ({
        ...leaf(route, wrap),
        path: alias,
        id: aliasId(route, alias),
      })),
    );
  return [...routes.map((route) => leaf(route, wrap)), ...aliases, CATCH_ALL];
}

/**
 * The same routes one at a time: the route of the table at a path (routeAt ranks as react-router
 * does), the first time it is asked for, else nothing. For a router that starts knowing only the
 * screen at its address and learns the others as navigations reach them (entries/routes.tsx).
 */
export function routeDiscovery(
  surface: Surface,
  wrap: (screen: ComponentType, route: ResolvedRoute) => ComponentType,
): (pathname: string) => RouteObject[] {
  const routes = routesOn(surface);
  const known = new Set<string>();
  return (pathname) => {
    const found = routeAt(routes, pathname);
    if (!found) return [];
    const { route, path } = found;
    const id = path === route.fullPath ? route.entry.name : aliasId(route, path);
    if (known.has(id)) return [];
    known.add(id);
    return [{ ...leaf(route, wrap), path, id }];
  };
}
