import type { PermissionType } from './names';

/**
 * spec §3 Container access types. A container of a type holds members of that kind (levels,
 * resources, reception desks, user managers; users in every type) and roles of the same kind; a
 * role's permissions are of its kind's category. USER roles carry the general permissions.
 */
export const ACCESS_TYPES = ['USER', 'USER_MANAGER', 'LEVEL', 'RESOURCE', 'RECEPTION_DESK'] as const;
export type AccessType = (typeof ACCESS_TYPES)[number];

/**
 * The permissions a role of a scoped kind grants over the levels, resources, reception desks or
 * users of the containers it is attached to (docs/permissions.md). The spec names the three types
 * but not these permissions; each is enforced where its description says.
 */
export const SCOPED_PERMISSIONS = {
  /** sees the level and what is on it (plan, grid, Outlook pane, scheduler) */
  LEVEL_VIEW: { category: 'LEVEL', type: 'LOGICAL' },
  /** books the level's resources (needs LEVEL_VIEW to find them) */
  LEVEL_BOOK: { category: 'LEVEL', type: 'LOGICAL' },
  /** books the resource */
  RESOURCE_BOOK: { category: 'RESOURCE', type: 'LOGICAL' },
  /** serves the service orders of the level's resources (the providers' work queue) */
  LEVEL_SERVICES: { category: 'LEVEL', type: 'LOGICAL' },
  /** serves the service orders of the resource */
  RESOURCE_SERVICES: { category: 'RESOURCE', type: 'LOGICAL' },
  /** creates, reads, updates, deletes the managed users (user-manager containers) */
  MANAGE_USERS: { category: 'USER_MANAGER', type: 'CRUD' },
  /** receives the visitors of the reception desk */
  RECEPTION_DESK_VISITORS: { category: 'RECEPTION_DESK', type: 'CRUD' },
} as const satisfies Record<string, { category: Exclude<AccessType, 'USER'>; type: PermissionType }>;
export type ScopedPermissionName = keyof typeof SCOPED_PERMISSIONS;

/** The route segment of each kind's screens and calls (spec §2 /roles-level, /containers-level…). */
export const ACCESS_TYPE_SEGMENT: Record<AccessType, string> = {
  USER: 'user',
  USER_MANAGER: 'user-manager',
  LEVEL: 'level',
  RESOURCE: 'resource',
  RECEPTION_DESK: 'reception-desk',
};
