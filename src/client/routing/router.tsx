import type { ComponentType } from 'react';
import { redirect, type RouteObject } from 'react-router-dom';
import { NOT_FOUND_PATH } from './guards';
import { runGuards } from './run-guards';
import { RESOLVED_ROUTES } from './table';
import type { ResolvedRoute } from './types';

export type Surface = 'browser' | 'addin';

/** What every screen's route carries, read by the shell through useMatches(). */
export interface RouteHandle {
  route: ResolvedRoute;
}

export function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && 'route' in handle;
}

function visible(route: ResolvedRoute, surface: Surface): boolean {
  return route.chain.every((entry) => entry.surface === undefined || entry.surface === surface);
}

/**
 * A leaf: guards in the loader, the screen as a lazy chunk. Nested routes render as sub-screens
 * (their parent's screen is replaced, with a back link), so a parent with children becomes a
 * pass-through route whose index is the parent's own screen.
 */
function leaf(route: ResolvedRoute, wrap: (screen: ComponentType, route: ResolvedRoute) => ComponentType): Omit<RouteObject, 'index' | 'children' | 'path'> {
  return {
    id: route.entry.name,
    handle: { route } satisfies RouteHandle,
    loader: ({ request, params }) => runGuards(route, request, params),
    lazy: async () => {
      const module = await route.entry.screen();
      return { Component: wrap(module.default, route) };
    },
  };
}

function toRouteObject(
  route: ResolvedRoute,
  childrenOf: Map<ResolvedRoute, ResolvedRoute[]>,
  wrap: (screen: ComponentType, route: ResolvedRoute) => ComponentType,
): RouteObject {
  const children = childrenOf.get(route) ?? [];
  if (children.length === 0) return { path: route.entry.path, ...leaf(route, wrap) } as RouteObject;
  return {
    path: route.entry.path,
    children: [
      { index: true, ...leaf(route, wrap) } as RouteObject,
      ...children.map((child) => toRouteObject(child, childrenOf, wrap)),
    ],
  };
}

/**
 * The router's routes, derived from the table. Paths match case-insensitively and with an optional
 * trailing slash (react-router's defaults); anything unknown goes to /404 (spec §2).
 */
export function buildRoutes(
  surface: Surface,
  wrap: (screen: ComponentType, route: ResolvedRoute) => ComponentType,
): RouteObject[] {
  const routes = RESOLVED_ROUTES.filter((route) => visible(route, surface));
  const childrenOf = new Map<ResolvedRoute, ResolvedRoute[]>();
  for (const route of routes) {
    if (!route.parent) continue;
    const list = childrenOf.get(route.parent) ?? [];
    list.push(route);
    childrenOf.set(route.parent, list);
  }
  const top = routes.filter((route) => route.parent === null);
  const aliases: RouteObject[] = top.flatMap((route) =>
    (route.entry.aliases ?? []).map(
      (alias) => ({ path: alias, ...leaf(route, wrap), id: `${route.entry.name}@${alias}` }) as RouteObject,
    ),
  );
  return [
    ...top.map((route) => toRouteObject(route, childrenOf, wrap)),
    ...aliases,
    { path: '*', loader: () => redirect(NOT_FOUND_PATH) },
  ];
}
