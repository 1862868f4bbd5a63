import type { ResolvedRoute, RouteEntry, RouteName } from './types';

export type Surface = 'browser' | 'addin';

/** spec §2: every route has an automatic help child at `help`, named after the parent plus -help. */
export function helpChild(parent: RouteEntry): RouteEntry {
  return {
    name: `${parent.name}-help`,
    path: 'help',
    title: { code: 'general.help.title', english: 'Help' },
    access: parent.access,
    surface: parent.surface,
    screen: () => import(/* webpackChunkName: "help" */ '../shell/help-screen'),
  };
}

export function joinPath(parent: string, child: string): string {
  if (child.startsWith('/')) return child;
  return `${parent.replace(/\/+$/, '')}/${child}`;
}

/** Resolves the table into a flat list (parents before children), help children included. */
export function resolveRoutes(entries: readonly RouteEntry[]): ResolvedRoute[] {
  const all: ResolvedRoute[] = [];
  const visit = (entry: RouteEntry, parent: ResolvedRoute | null, isHelp: boolean) => {
    const resolved: ResolvedRoute = {
      entry,
      fullPath: parent ? joinPath(parent.fullPath, entry.path) : entry.path,
      chain: [...(parent?.chain ?? []), entry],
      parent,
      isHelp,
    };
    all.push(resolved);
    for (const child of entry.children ?? []) visit(child, resolved, false);
    if (!isHelp) visit(helpChild(entry), resolved, true);
  };
  for (const entry of entries) visit(entry, null, false);
  return all;
}

export function indexRoutes(resolved: readonly ResolvedRoute[]): Map<RouteName | string, ResolvedRoute> {
  const byName = new Map<string, ResolvedRoute>();
  for (const route of resolved) {
    if (byName.has(route.entry.name)) throw new Error(`Route name used twice: ${route.entry.name}`);
    byName.set(route.entry.name, route);
  }
  return byName;
}

export type RouteParams = Readonly<Record<string, string | number | null | undefined>>;

/**
 * Fills a path's parameters: ':id' must be given; ':id?' may be left out (with its segment).
 * Values are URI-encoded.
 */
export function fillPath(path: string, params: RouteParams = {}): string {
  const filled = path
    .split('/')
    .map((segment) => {
      const match = /^:(\w+)(\?)?$/.exec(segment);
      if (!match) return segment;
      const [, name, optional] = match as unknown as [string, string, string | undefined];
      const value = params[name];
      if (value === undefined || value === null || value === '') {
        if (optional) return null;
        throw new Error(`Missing route parameter "${name}" for ${path}`);
      }
      return encodeURIComponent(String(value));
    })
    .filter((segment): segment is string => segment !== null)
    .join('/');
  return filled === '' ? '/' : filled;
}

/** Whether a route of the table is on `surface`: every entry of its chain is on it or on both. */
export function visible(route: ResolvedRoute, surface: Surface): boolean {
  return route.chain.every((entry) => entry.surface === undefined || entry.surface === surface);
}

/** A path with each optional segment (':id?') present and left out: react-router's explosion. */
function pathVariants(path: string): string[] {
  let variants = [''];
  for (const segment of path.split('/').filter((part) => part !== '')) {
    const optional = segment.endsWith('?');
    const kept = variants.map((variant) => `${variant}/${optional ? segment.slice(0, -1) : segment}`);
    variants = optional ? [...kept, ...variants] : kept;
  }
  return variants.map((variant) => variant || '/');
}

/** react-router's rank of a path: static segments over parameters over splats. */
function pathScore(path: string): number {
  const segments = path.split('/');
  let score = segments.length - (segments.includes('*') ? 2 : 0);
  for (const segment of segments.filter((part) => part !== '*'))
    score += segment.startsWith(':') ? 3 : segment === '' ? 1 : 10;
  return score;
}

/** The parameters of `path` (its segments) at the address's segments, or null if it is not there. */
function matchSegments(wanted: readonly string[], given: readonly string[]): Record<string, string> | null {
  const splat = wanted.at(-1) === '*';
  if (splat ? given.length < wanted.length - 1 : given.length !== wanted.length) return null;
  const params: Record<string, string> = {};
  for (const [index, segment] of wanted.entries()) {
    if (segment === '*') {
      params['*'] = given.slice(index).join('/');
      break;
    }
    const value = given[index]!;
    if (segment.startsWith(':')) {
      try {
        params[segment.slice(1)] = decodeURIComponent(value);
      } catch {
        return null;
      }
    } else if (segment.toLowerCase() !== value.toLowerCase()) return null;
  }
  return params;
}

/**
 * The route at `pathname` among `routes` (aliases of top-level routes included), matched and ranked
 * as react-router does (case-insensitive, an optional trailing slash, the highest rank first, the
 * table's order between equals): for the requests started before the router exists
 * (routing/cold-start.ts) and for the routes the router learns as navigations reach them
 * (router.tsx). `path` is the pattern that matched: the route's full path or an alias.
 */
export function routeAt(
  routes: readonly ResolvedRoute[],
  pathname: string,
): { route: ResolvedRoute; path: string; params: Record<string, string> } | null {
  const given = pathname.split('/').filter((part) => part !== '');
  let best: { route: ResolvedRoute; path: string; params: Record<string, string>; score: number } | null =
    null;
  const consider = (route: ResolvedRoute, path: string) => {
    for (const variant of path.includes('?') ? pathVariants(path) : [path]) {
      const params = matchSegments(
        variant.split('/').filter((part) => part !== ''),
        given,
      );
      if (!params) continue;
      // Between equals, the first in the table's order, as react-router keeps it.
      const score = pathScore(variant);
      if (!best || score > best.score) best = { route, path, params, score };
    }
  };
  for (const route of routes) consider(route, route.fullPath);
  for (const route of routes)
    if (route.parent === null) for (const alias of route.entry.aliases ?? []) consider(route, alias);
  if (!best) return null;
  const { route, path, params } = best;
  return { route, path, params };
}
