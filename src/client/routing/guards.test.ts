import { describe, expect, it } from 'vitest';
import type { GeneralPermission } from '../../shared/permissions/can';
import {
  applicationOf,
  authDecision,
  authStep,
  documentDecision,
  areaDecision,
  guardsOf,
  isCompanyScreen,
  mainDecision,
  permissionDecision,
  platformDecision,
  requirementsOf,
  shownInMenu,
} from './guards';
import type { RouteEntry } from './types';

const screen = async () => ({ default: () => null });
const entry = (extra: Partial<RouteEntry>): RouteEntry => ({
  name: 'r_x',
  path: '/x',
  title: { code: 'x', english: 'X' },
  screen,
  ...extra,
});
const perm = (permission: string, extra: Partial<GeneralPermission> = {}): GeneralPermission => ({
  permission,
  type: 'CRUD',
  is_active: true,
  create: false,
  read: true,
  update: false,
  delete: false,
  value: null,
  ...extra,
});

describe('spec §6 guard order', () => {
  it('runs auth, permission, document and menu preference in that order', () => {
    const route = { chain: [entry({ permission: 'PLAN', application: 8, menuPreference: 'PLAN' })] };
    expect(guardsOf(route)).toEqual(['auth', 'area', 'permission', 'document', 'menuPreference']);
  });
  it('runs no auth guard on a public route', () =>
    expect(guardsOf({ chain: [entry({ access: 'public' })] })).toEqual([]));
  it('lets a child inherit its parent’s requirements', () => {
    const route = {
      chain: [entry({ permission: 'LEVELS', application: 5 }), entry({ permission: ['LEVELS', 'update'] })],
    };
    expect(requirementsOf(route)).toEqual(['LEVELS', ['LEVELS', 'update']]);
    expect(applicationOf(route)).toBe(5);
  });
});

describe('spec §4 main guard', () => {
  it('sends a logged-in user from login or tmp-code to the landing page', () => {
    expect(mainDecision({ loggedIn: true, routeName: 'r_login', landingPath: '/home' })).toMatchObject({
      to: '/home',
    });
    expect(mainDecision({ loggedIn: true, routeName: 'r_tmp-code', landingPath: '/outlook' })).toMatchObject({
      to: '/outlook',
    });
  });
  it('leaves other pages and logged-out users alone', () => {
    expect(mainDecision({ loggedIn: true, routeName: 'r_home', landingPath: '/home' }).kind).toBe('pass');
    expect(mainDecision({ loggedIn: false, routeName: 'r_login', landingPath: '/home' }).kind).toBe('pass');
  });
});

describe('spec §6 auth guard', () => {
  it('passes a valid token, refreshes an expired one, sends no token to login', () => {
    expect(authStep('valid')).toBe('pass');
    expect(authStep('expired')).toBe('refresh');
    expect(authStep('missing')).toBe('login');
  });
  it('keeps the query on the way to login', () =>
    expect(authDecision('login', '?levelId=3')).toEqual({ kind: 'redirect', to: '/login?levelId=3' }));

  it('remembers the address asked for, so the sign-in returns there (a scanned QR code, a mailed link)', () => {
    expect(authDecision('login', '', '/service/AbC123')).toEqual({
      kind: 'redirect',
      to: '/login',
      remember: '/service/AbC123',
    });
    expect(authDecision('login', '?levelId=3', '/plan/3?levelId=3')).toMatchObject({
      remember: '/plan/3?levelId=3',
    });
  });

  it('remembers neither the bare address (the start page stays the landing) nor the sign-in itself', () => {
    for (const target of ['/', '/?x=1', '/login?next=1', '/tmp-code', '//evil.example/path'])
      expect(authDecision('login', '', target)).not.toHaveProperty('remember');
  });
});

describe('spec §6 permission guard', () => {
  it('allows everything in the master context', () =>
    expect(permissionDecision({ company: false, permissions: [], requirements: ['PLAN'] }).kind).toBe(
      'pass',
    ));
  it('allows an active named permission on a company site', () =>
    expect(
      permissionDecision({ company: true, permissions: [perm('PLAN')], requirements: ['PLAN'] }).kind,
    ).toBe('pass'));
  it('sends a missing permission to /404', () =>
    expect(
      permissionDecision({ company: true, permissions: [perm('PLAN')], requirements: ['LEVELS'] }),
    ).toEqual({ kind: 'redirect', to: '/404' }));
  it('needs the CRUD flag of the asked action', () => {
    const permissions = [perm('LEVELS')];
    expect(permissionDecision({ company: true, permissions, requirements: [['LEVELS', 'read']] }).kind).toBe(
      'pass',
    );
    expect(
      permissionDecision({ company: true, permissions, requirements: [['LEVELS', 'create']] }).kind,
    ).toBe('redirect');
  });
  it('always refuses false', () =>
    expect(
      permissionDecision({ company: true, permissions: [perm('PLAN')], requirements: [false] }).kind,
    ).toBe('redirect'));
  it('allows any name of a comma list', () =>
    expect(
      permissionDecision({
        company: true,
        permissions: [perm('MY_BOOKINGS')],
        requirements: ['BOOKINGS,MY_BOOKINGS'],
      }).kind,
    ).toBe('pass'));
});

describe('platform-administrator screens', () => {
  it('open only for platform administrators in the master area', () => {
    expect(platformDecision({ company: false, isPlatformAdmin: true }).kind).toBe('pass');
    expect(platformDecision({ company: true, isPlatformAdmin: true }).kind).toBe('redirect');
    expect(platformDecision({ company: false, isPlatformAdmin: false }).kind).toBe('redirect');
  });
});

describe('the master area (issue 39: master screens only)', () => {
  it('sends a company screen opened in the master area to /404, and lets it through on a company host', () => {
    const route = { chain: [entry({ permission: 'LEVELS' })] };
    expect(isCompanyScreen(route)).toBe(true);
    expect(areaDecision({ company: false })).toEqual({ kind: 'redirect', to: '/404' });
    expect(areaDecision({ company: true }).kind).toBe('pass');
  });
  it('keeps master screens, shared screens and public screens out of it', () => {
    expect(isCompanyScreen({ chain: [entry({ access: 'platform-admin' })] })).toBe(false);
    expect(isCompanyScreen({ chain: [entry({ master: true }), entry({ access: 'platform-admin' })] })).toBe(
      false,
    );
    expect(isCompanyScreen({ chain: [entry({ master: true })] })).toBe(false);
    expect(isCompanyScreen({ chain: [entry({ access: 'public' })] })).toBe(false);
  });
});

describe('spec §6 document guard', () => {
  const base = {
    company: true,
    accepted: false,
    target: '/plan?levelId=2',
    acceptPath: '/accept-documents/8',
  };
  it('redirects to accept-documents and remembers the target', () =>
    expect(documentDecision(base)).toEqual({
      kind: 'redirect',
      to: '/accept-documents/8',
      remember: '/plan?levelId=2',
    }));
  it('remembers the target and goes to /404 while there is no accept-documents screen', () =>
    expect(documentDecision({ ...base, acceptPath: null })).toEqual({
      kind: 'redirect',
      to: '/404',
      remember: '/plan?levelId=2',
    }));
  it('passes accepted documents and the master area', () => {
    expect(documentDecision({ ...base, accepted: true }).kind).toBe('pass');
    expect(documentDecision({ ...base, company: false }).kind).toBe('pass');
  });
});

describe('spec §6 menu preference', () => {
  const preferences = [
    { key: 'PLAN', is_automatic: true },
    { key: 'BOOKINGS', is_automatic: false },
  ];
  it('hides a module whose preference is automatic', () =>
    expect(shownInMenu('PLAN', preferences)).toBe(false));
  it('shows a module whose preference is not automatic', () =>
    expect(shownInMenu('BOOKINGS', preferences)).toBe(true));
  it('shows modules without a preference key', () => expect(shownInMenu(undefined, preferences)).toBe(true));
});
