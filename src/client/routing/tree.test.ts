import { describe, expect, it } from 'vitest';
import { href, routeExists } from './paths';
import { RESOLVED_ROUTES } from './table';
import { fillPath, indexRoutes, resolveRoutes } from './tree';
import type { RouteEntry } from './types';

const screen = async () => ({ default: () => null });
const levels: RouteEntry = {
  name: 'r_levels',
  path: '/levels',
  title: { code: 'levels.title', english: 'Levels' },
  permission: 'LEVELS',
  screen,
  children: [{ name: 'r_levels-edit', path: 'edit/:levelId', title: { code: 'x', english: 'Edit' }, screen }],
};

describe('route table', () => {
  const resolved = resolveRoutes([levels]);
  const byName = indexRoutes(resolved);

  it('gives every route a help child named parent-help at help', () => {
    expect(byName.get('r_levels-help')?.fullPath).toBe('/levels/help');
    expect(byName.get('r_levels-edit-help')?.fullPath).toBe('/levels/edit/:levelId/help');
    expect(byName.has('r_levels-help-help')).toBe(false);
  });

  it('joins child paths to their parent and keeps the chain', () => {
    const edit = byName.get('r_levels-edit')!;
    expect(edit.fullPath).toBe('/levels/edit/:levelId');
    expect(edit.chain.map((entry) => entry.name)).toEqual(['r_levels', 'r_levels-edit']);
  });

  it('refuses a name used twice', () =>
    expect(() => indexRoutes([...resolved, resolved[0]!])).toThrow(/twice/));

  it('has the general screens and no route named twice', () => {
    for (const name of [
      'r_home',
      'r_login',
      'r_tmp-code',
      'r_forgot-password',
      'r_reset-password',
      'r_permissions',
      'r_404',
      'r_about',
      'r_about-add-version',
      'r_about-application-versions',
      'r_help-and-documents',
    ])
      expect(routeExists(name), name).toBe(true);
    expect(new Set(RESOLVED_ROUTES.map((route) => route.entry.name)).size).toBe(RESOLVED_ROUTES.length);
  });
});

describe('href', () => {
  it('fills parameters and encodes them', () =>
    expect(fillPath('/levels/edit/:levelId', { levelId: 'a/b' })).toBe('/levels/edit/a%2Fb'));
  it('drops a missing optional parameter', () => {
    expect(fillPath('/plan/:planLevelId?', {})).toBe('/plan');
    expect(fillPath('/plan/:planLevelId?', { planLevelId: 4 })).toBe('/plan/4');
  });
  it('refuses a missing required parameter', () =>
    expect(() => fillPath('/levels/edit/:levelId')).toThrow(/levelId/));
  it('builds links to named routes', () => {
    expect(href('r_home')).toBe('/home');
    expect(href('r_about-help')).toBe('/about/help');
    // @ts-expect-error a name the table does not have
    expect(() => href('r_nowhere')).toThrow(/Unknown route/);
  });
});
