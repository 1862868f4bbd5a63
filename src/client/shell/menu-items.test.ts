import { describe, expect, it } from 'vitest';
import type { InitialData } from '../../shared/contract/auth';
import type { ResolvedRoute, RouteEntry } from '../routing/types';
import { permissionDecision, requirementsOf } from '../routing/guards';
import { RESOLVED_ROUTES } from '../routing/table';
import { menuHref, menuRoutes } from './menu-items';

const screen = async () => ({ default: () => null });
const top = (extra: Partial<RouteEntry>): ResolvedRoute => {
  const entry: RouteEntry = { name: 'r_x', path: '/x', title: { code: 'x', english: 'X' }, screen, ...extra };
  return { entry, fullPath: entry.path, chain: [entry], parent: null, isHelp: false };
};
const session = (platform: boolean) =>
  ({ user: { is_platform_admin: platform }, general_permissions: [] }) as unknown as InitialData;

describe('the side menu (issue 39: master two-factor sign-in)', () => {
  const twoFactor = top({ name: 'r_two-factor-authentication', master: true, menu: 'master' });
  const home = top({ name: 'r_home', master: true, menu: true });

  it("lists a 'master' entry in the master area only", () => {
    const names = (company: boolean, platform: boolean) =>
      menuRoutes([twoFactor, home], {
        surface: 'browser',
        company,
        session: session(platform),
        preferences: [],
      }).map((route) => route.entry.name);
    expect(names(false, true)).toEqual(['r_two-factor-authentication', 'r_home']);
    expect(names(true, false)).toEqual(['r_home']);
  });
});

const grant = (permission: string, crud = 'crud') => ({
  permission,
  type: 'CRUD' as const,
  is_active: true,
  create: crud.includes('c'),
  read: crud.includes('r'),
  update: crud.includes('u'),
  delete: crud.includes('d'),
  value: null,
});

const sessionWith = (permissions: ReturnType<typeof grant>[]) =>
  ({ user: { is_platform_admin: false }, general_permissions: permissions }) as unknown as InitialData;

const menuOf = (permissions: ReturnType<typeof grant>[]) =>
  menuRoutes(RESOLVED_ROUTES, {
    surface: 'browser',
    company: true,
    session: sessionWith(permissions),
    preferences: [],
  }).map(({ entry }) => entry.name);

describe('menus offer only what the user can open', () => {
  it('does not offer the reception desk the Scheduler, whose rooms it may not book', () => {
    const reception = [grant('VISITOR_MANAGEMENT'), grant('RECEPTIONS', 'r'), grant('USER_PROFILE', 'r')];
    expect(menuOf(reception)).not.toContain('r_scheduler');
    expect(menuOf(reception)).toContain('r_home');
  });

  it('RECEPTION_DESK_VISITORS: a desk container’s receptionist without VISITOR_MANAGEMENT finds the reception desks and opens reception', () => {
    const desk = [grant('RECEPTION_DESK_VISITORS', 'ru')];
    expect(menuOf(desk)).toContain('r_reception-desks');
    expect(menuOf([grant('MY_VISITORS')])).not.toContain('r_reception-desks');
    const reception = RESOLVED_ROUTES.find((route) => route.entry.name === 'r_visitor-management-reception')!;
    const decision = (permissions: ReturnType<typeof grant>[]) =>
      permissionDecision({ company: true, permissions, requirements: requirementsOf(reception) }).kind;
    expect(decision(desk)).toBe('pass');
    expect(decision([grant('RECEPTION_DESK_VISITORS', 'u')])).toBe('redirect');
  });

  it('offers the Scheduler to whoever may book (PLAN)', () => {
    expect(menuOf([grant('PLAN')])).toContain('r_scheduler');
  });

  it('links a module by its address, not its route pattern (/pass, not /pass/:pass_id?)', () => {
    const links = menuRoutes(RESOLVED_ROUTES, {
      surface: 'browser',
      company: true,
      session: sessionWith([grant('PLAN')]),
      preferences: [],
    }).map(menuHref);
    expect(links).toContain('/pass');
    expect(links.filter((link) => link.includes(':'))).toEqual([]);
  });
});

describe('the task pane’s menu (issue 41: its only item, Home, was a dead end in the pane)', () => {
  const paneMenu = () =>
    menuRoutes(RESOLVED_ROUTES, {
      surface: 'addin',
      company: true,
      session: sessionWith([grant('PLAN'), grant('USER_PROFILE', 'r')]),
      preferences: [],
    });

  it('lists the pane’s own screens, nested ones too, and none of the browser app’s', () => {
    expect(paneMenu().map(({ entry }) => entry.name)).toEqual([
      'r_outlook',
      'r_outlook-advanced-search',
      'r_outlook-meetings',
      'r_outlook-places',
    ]);
  });

  it('links each by an address of the pane’s memory router, named for the menu', () => {
    expect(
      paneMenu().map((route) => [menuHref(route), (route.entry.menuTitle ?? route.entry.title).english]),
    ).toEqual([
      ['/outlook', 'Book a room'],
      ['/outlook/advanced-search', 'Advanced search'],
      ['/outlook/meetings', 'Your booked rooms'],
      ['/outlook/places', 'Desk or parking'],
    ]);
  });

  it('leaves the browser app’s menu as it was: top-level modules, no pane screen', () => {
    const names = menuOf([grant('PLAN'), grant('USER_PROFILE', 'r')]);
    expect(names).toContain('r_home');
    expect(names.filter((name) => name.startsWith('r_outlook'))).toEqual([]);
  });
});
