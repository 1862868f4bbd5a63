import type { GeneralPermission, PermissionRequirement } from '../../shared/permissions/can';
import { can } from '../../shared/permissions/can';
import type { TokenStatus } from '../session/token';
import type { ResolvedRoute } from './types';

/**
 * spec §6 guard decisions as pure functions. The runtime (run-guards.ts) gathers the facts (token,
 * session, documents) and carries out the decision.
 */
export type GuardDecision =
  { kind: 'pass' } | { kind: 'redirect'; to: string; replace?: boolean; remember?: string };

const PASS: GuardDecision = { kind: 'pass' };
export const NOT_FOUND_PATH = '/404';

export type GuardName = 'auth' | 'area' | 'platform' | 'permission' | 'document' | 'menuPreference';

/**
 * The named guards a route runs, in their declared order, derived from its chain of entries (a
 * child inherits what its ancestors require).
 */
export function guardsOf(route: Pick<ResolvedRoute, 'chain'>): GuardName[] {
  const chain = route.chain;
  const guards: GuardName[] = [];
  if (chain.some((entry) => (entry.access ?? 'login') !== 'public')) guards.push('auth');
  if (isCompanyScreen(route)) guards.push('area');
  if (chain.some((entry) => entry.access === 'platform-admin')) guards.push('platform');
  if (chain.some((entry) => entry.permission !== undefined)) guards.push('permission');
  if (chain.some((entry) => entry.application !== undefined)) guards.push('document');
  if (chain.some((entry) => entry.menuPreference !== undefined)) guards.push('menuPreference');
  return guards;
}

/** The permission rules of a chain: every ancestor's requirement must hold. */
export function requirementsOf(route: Pick<ResolvedRoute, 'chain'>): PermissionRequirement[] {
  return route.chain.flatMap((entry) => (entry.permission === undefined ? [] : [entry.permission]));
}

/** The application whose documents a route needs accepted: the nearest entry that names one. */
export function applicationOf(route: Pick<ResolvedRoute, 'chain'>): number | undefined {
  return [...route.chain].reverse().find((entry) => entry.application !== undefined)?.application;
}

/** spec §4: logged-in users visiting login or tmp-code go to their landing page. */
export function mainDecision({
  loggedIn,
  routeName,
  landingPath,
}: {
  loggedIn: boolean;
  routeName: string;
  landingPath: string;
}): GuardDecision {
  if (loggedIn && (routeName === 'r_login' || routeName === 'r_tmp-code'))
    return { kind: 'redirect', to: landingPath, replace: true };
  return PASS;
}

/** spec §6 auth, first step: a valid token passes, an expired one is refreshed, none goes to login. */
export function authStep(status: TokenStatus): 'pass' | 'refresh' | 'login' {
  if (status === 'valid') return 'pass';
  return status === 'expired' ? 'refresh' : 'login';
}

/**
 * spec §6 auth, to login keeping the query. Ours: the address asked for is remembered too (a QR code
 * scanned, a link in a mail), and the sign-in lands there instead of the start page; the bare
 * address remembers nothing, so it still lands on the user's start page.
 */
export function authDecision(step: 'pass' | 'login', search: string, target?: string): GuardDecision {
  if (step === 'pass') return PASS;
  const remember = target && rememberable(target) ? { remember: target } : {};
  return { kind: 'redirect', to: `/login${search}`, ...remember };
}

/** A path of this app worth returning to after a sign-in: not the bare address, not the sign-in. */
export function rememberable(target: string): boolean {
  return /^\/(?!\/)/.test(target) && !/^\/(?:[?#]|$)/.test(target) && !/^\/(login|tmp-code)\b/i.test(target);
}

/**
 * A screen that works only on a company host: it needs a login and is neither a platform
 * administrator's screen nor one the master area shares (RouteEntry.master).
 */
export function isCompanyScreen(route: Pick<ResolvedRoute, 'chain'>): boolean {
  const chain = route.chain;
  if (chain.every((entry) => entry.access === 'public')) return false;
  if (chain.some((entry) => entry.access === 'platform-admin')) return false;
  return !chain[0]?.master;
}

/** Company screens are not shown in the master area: a platform administrator reaches them on the company host. */
export function areaDecision({ company }: { company: boolean }): GuardDecision {
  return company ? PASS : { kind: 'redirect', to: NOT_FOUND_PATH };
}

/** Platform-administrator screens exist only in the master area. */
export function platformDecision({
  company,
  isPlatformAdmin,
}: {
  company: boolean;
  isPlatformAdmin: boolean;
}): GuardDecision {
  return !company && isPlatformAdmin ? PASS : { kind: 'redirect', to: NOT_FOUND_PATH };
}

/**
 * spec §6 permission: checked only on a company subdomain (the master context allows everything);
 * allowed when can() allows each requirement of the chain; otherwise /404.
 */
export function permissionDecision({
  company,
  permissions,
  requirements,
}: {
  company: boolean;
  permissions: readonly GeneralPermission[];
  requirements: readonly PermissionRequirement[];
}): GuardDecision {
  if (!company) return PASS;
  return requirements.every((requirement) => can(permissions, requirement))
    ? PASS
    : { kind: 'redirect', to: NOT_FOUND_PATH };
}

/**
 * spec §6 document: on a company subdomain, unaccepted documents of the route's application redirect
 * to accept-documents (features/company-documents) and remember the target; where the route table
 * has no accept-documents screen the target is still remembered and the user lands on /404.
 */
export function documentDecision({
  company,
  accepted,
  target,
  acceptPath,
}: {
  company: boolean;
  accepted: boolean;
  target: string;
  acceptPath: string | null;
}): GuardDecision {
  if (!company || accepted) return PASS;
  return { kind: 'redirect', to: acceptPath ?? NOT_FOUND_PATH, remember: target };
}

/** spec §6 menu preference: the side menu lists a module unless its preference is automatic. */
export function shownInMenu(
  menuPreference: string | undefined,
  preferences: readonly { key: string; is_automatic: boolean }[] | null,
): boolean {
  if (!menuPreference || !preferences) return true;
  return !preferences.some((preference) => preference.key === menuPreference && preference.is_automatic);
}
