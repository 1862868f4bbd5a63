import { can, type GeneralPermission } from './can';
import type { PermissionName } from './names';

/**
 * The permissions a user can delegate (spec §5 "users delegate available permissions"), and what
 * each lets the delegate do for the delegator. Only permissions about the delegator's own things
 * are delegable: handing on a company-wide permission (BOOKINGS, LEVELS…) is what roles are for.
 * A module adds its permission here when it acts on a delegation (visitors: MY_VISITORS).
 *
 * - MY_BOOKINGS: the delegate sees the delegator's bookings in /bookings and the grid, books for
 *   them (host_id), and changes and cancels their bookings. A private booking's subject stays the
 *   host's alone, and checking in stays with the host, who is the one at the desk.
 */
export const DELEGABLE_PERMISSIONS = ['MY_BOOKINGS'] as const satisfies readonly PermissionName[];
export type DelegablePermission = (typeof DELEGABLE_PERMISSIONS)[number];

/**
 * What the delegate must hold themselves for a delegated permission to work: a delegation extends
 * what someone may do to another person's things, never which screens and calls they may use. An
 * operator who takes a user's booking rights away takes their delegated ones with them.
 */
export const DELEGATE_NEEDS: Record<DelegablePermission, string> = { MY_BOOKINGS: 'BOOKINGS,MY_BOOKINGS' };

/** Whether a delegation of `permission` works: the delegator holds it, the delegate what it needs. */
export const delegationInForce = (
  permission: DelegablePermission,
  delegator: readonly GeneralPermission[],
  delegate: readonly GeneralPermission[],
): boolean => can(delegator, permission) && can(delegate, DELEGATE_NEEDS[permission]);

export const isDelegable = (name: string): name is DelegablePermission =>
  (DELEGABLE_PERMISSIONS as readonly string[]).includes(name);

/** What the holder of `permissions` can delegate now: the delegable permissions they hold, active. */
export const delegableHeld = (permissions: readonly GeneralPermission[]): DelegablePermission[] =>
  DELEGABLE_PERMISSIONS.filter((name) => can(permissions, name));
