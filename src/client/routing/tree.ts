import type { ResolvedRoute, RouteEntry, RouteName } from './types';

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
