import type { PermissionType } from './names';

export const ACTIONS = ['create', 'read', 'update', 'delete'] as const;
export type Action = (typeof ACTIONS)[number];

/** spec §3 "General permission": what the login answer carries for each permission. */
export interface GeneralPermission {
  permission: string;
  type: PermissionType;
  is_active: boolean;
  create: boolean;
  read: boolean;
  update: boolean;
  delete: boolean;
  value: number | null;
}

/**
 * What a route or a call asks for (spec §6): `false` (always refused), a name or a comma list of
 * names ('BOOKINGS,MY_BOOKINGS'), a [name, action] pair (['RESOURCES', 'create']), or a list of
 * such entries, any one of which suffices.
 */
export type PermissionRule = string | readonly [string, Action];
export type PermissionRequirement = false | PermissionRule | readonly PermissionRule[];

interface Wanted {
  name: string;
  action: Action | undefined;
}

function isAction(value: unknown): value is Action {
  return typeof value === 'string' && (ACTIONS as readonly string[]).includes(value);
}

function isPair(rule: unknown): rule is readonly [string, Action] {
  return Array.isArray(rule) && rule.length === 2 && typeof rule[0] === 'string' && isAction(rule[1]);
}

function names(list: string): string[] {
  return list
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
}

function wanted(requirement: Exclude<PermissionRequirement, false>): Wanted[] {
  if (typeof requirement === 'string') return names(requirement).map((name) => ({ name, action: undefined }));
  if (isPair(requirement)) return names(requirement[0]).map((name) => ({ name, action: requirement[1] }));
  return (requirement as readonly PermissionRule[]).flatMap((rule) => wanted(rule));
}

/** spec §6 "Permission check": a non-CRUD permission passes when active and fails when an action is asked. */
export function allows(permission: GeneralPermission, action: Action | undefined): boolean {
  if (!permission.is_active) return false;
  if (action === undefined) return true;
  return permission.type === 'CRUD' && permission[action] === true;
}

// A request checks the same permissions against the same few requirements several times: each list
// is indexed once and each requirement read once (neither is ever changed once made).
const indexed = new WeakMap<readonly GeneralPermission[], Map<string, GeneralPermission>>();
const readRules = new WeakMap<object, Wanted[]>();
const readNames = new Map<string, Wanted[]>();

function byNameOf(permissions: readonly GeneralPermission[]): Map<string, GeneralPermission> {
  let byName = indexed.get(permissions);
  if (!byName) {
    byName = new Map(permissions.map((permission) => [permission.permission, permission]));
    indexed.set(permissions, byName);
  }
  return byName;
}

function wantedOf(requirement: Exclude<PermissionRequirement, false>): Wanted[] {
  if (typeof requirement === 'string') {
    let read = readNames.get(requirement);
    if (!read) {
      read = wanted(requirement);
      if (readNames.size < 1_000) readNames.set(requirement, read);
    }
    return read;
  }
  let read = readRules.get(requirement);
  if (!read) readRules.set(requirement, (read = wanted(requirement)));
  return read;
}

/** spec §6: allowed when any named permission allows; `false` is always refused. */
export function can(permissions: readonly GeneralPermission[], requirement: PermissionRequirement): boolean {
  if (requirement === false) return false;
  const byName = byNameOf(permissions);
  return wantedOf(requirement).some(({ name, action }) => {
    const permission = byName.get(name);
    return permission !== undefined && allows(permission, action);
  });
}
