import type { ComponentType } from 'react';
import { matchRoutes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { buildRoutes, isRouteHandle, routeDiscovery, visible, type Surface } from './router';
import { RESOLVED_ROUTES } from './table';
import { routeAt } from './tree';

const wrap = (screen: ComponentType) => screen;

/** The route's path with a sample value in each parameter, optional ones included. */
const sampleUrl = (fullPath: string) =>
  fullPath
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '123' : segment))
    .join('/');

const routesOn = (surface: Surface) => RESOLVED_ROUTES.filter((route) => visible(route, surface));

describe.each(['browser', 'addin'] as const)('the %s router', (surface) => {
  const routes = buildRoutes(surface, wrap);
  const leafOf = (url: string) => matchRoutes(routes, url)?.at(-1);

  it('opens every route of the table at its own address, a child and a help page too, nothing nested', () => {
    for (const route of routesOn(surface)) {
      const matches = matchRoutes(routes, sampleUrl(route.fullPath));
      const matched = matches?.at(-1);
      expect(matched?.route.id, route.fullPath).toBe(route.entry.name);
      expect(matches, route.fullPath).toHaveLength(1);
      const handle: unknown = matched?.route.handle;
      expect(isRouteHandle(handle) && handle.route === route, route.fullPath).toBe(true);
    }
  });

  it('passes a child its parent’s parameters, matches case-insensitively and with a trailing slash', () => {
    const child = routesOn(surface).find(
      (route) => route.parent !== null && /:\w+/.test(route.parent.fullPath),
    );
    expect(child).toBeDefined();
    const name = /:(\w+)/.exec(child!.parent!.fullPath)![1]!;
    expect(leafOf(sampleUrl(child!.fullPath))?.params[name]).toBe('123');
    const top = routesOn(surface).find((route) => route.parent === null && !route.fullPath.includes(':'))!;
    expect(leafOf(`${top.fullPath.toUpperCase()}/`)?.route.id).toBe(top.entry.name);
  });

  it('sends an address of no route to the catch-all, which redirects to /404 (spec §2)', () => {
    expect(leafOf('/no-such-screen/at-all')?.route.path).toBe('*');
  });

  it('and the cold start, which reads the address before the router exists, pick the same route', () => {
    const addresses = new Set<string>(['/', '/no-such-screen/at-all']);
    // Parameter values that are also some route's own segments put the ranking to the test.
    for (const value of ['123', 'add', 'help'])
      for (const route of routesOn(surface)) {
        const filled = route.fullPath.split('/').map((part) => (part.startsWith(':') ? value : part));
        addresses.add(filled.join('/'));
        if (value === '123') addresses.add(`${filled.join('/').toUpperCase()}/`);
        // without its optional parameter
        if (route.fullPath.endsWith('?')) addresses.add(filled.slice(0, -1).join('/'));
      }
    const table = routesOn(surface);
    for (const address of addresses) {
      const router = leafOf(address);
      const cold = routeAt(table, address);
      const expected = router?.route.path === '*' ? null : router?.route.id?.split('@')[0];
      expect(cold?.route.entry.name ?? null, address).toBe(expected ?? null);
      if (cold) expect(cold.params, address).toEqual({ ...router!.params });
    }
    // react-router flattens and ranks the whole table for each of about two thousand addresses:
    // some 20 s on a developer's two cores alone, more beside other files, three times that on CI.
  }, 90_000);
});

it('keeps each surface’s own screens to that surface', () => {
  const onlyIn = (surface: Surface) =>
    RESOLVED_ROUTES.filter((route) => route.chain.some((entry) => entry.surface === surface));
  const browserRoutes = buildRoutes('browser', wrap);
  for (const route of onlyIn('addin'))
    expect(matchRoutes(browserRoutes, sampleUrl(route.fullPath))?.at(-1)?.route.id).not.toBe(
      route.entry.name,
    );
});

describe('a router that learns its routes as navigations reach them', () => {
  it('is given each route of the table once, an alias as its own route, and nothing for an unknown path', () => {
    const discover = routeDiscovery('browser', wrap);
    expect(discover('/bookings-grid/5').map(({ id, path }) => ({ id, path }))).toEqual([
      { id: 'r_bookings-grid', path: '/bookings-grid/:presetId' },
    ]);
    expect(discover('/Bookings-Grid/6/')).toEqual([]);
    expect(discover('/bookings-grid/5/info/3').map(({ id }) => id)).toEqual(['r_bookings-grid-info']);
    expect(discover('/').map(({ id, path }) => ({ id, path }))).toEqual([{ id: 'r_home@/', path: '/' }]);
    expect(discover('/home').map(({ id }) => id)).toEqual(['r_home']);
    expect(discover('/no-such-screen')).toEqual([]);
  });

  it('keeps the task pane’s screens and the browser’s apart', () => {
    expect(routeDiscovery('browser', wrap)('/outlook')).toEqual([]);
    expect(routeDiscovery('addin', wrap)('/outlook').map(({ id }) => id)).toEqual(['r_outlook']);
  });
});
