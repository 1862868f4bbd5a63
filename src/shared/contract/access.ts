import { z } from 'zod';
import { ACCESS_TYPES, PERMISSION_TYPES } from '../permissions';
import { requiredText } from '../validation/schemas';
import { COMPANY_PREFIX } from './common';
import { IdText, PositiveId } from './ids';

/*
 * spec §2 containers-*, roles-*, permissions-*, containers-mega; §3 Container; §7 Containers, Mega
 * containers, Roles, Permissions. docs/permissions.md describes the model.
 */

export const AccessType = z.enum(ACCESS_TYPES);
const Named = z.object({ id: z.number().int(), name: z.string() });

/** The members a container holds, by the spec's segment and body key (§3 "ids sent as …"). */
export const MEMBER_KINDS = {
  users: 'user_ids',
  usermanagers: 'user_ids',
  levels: 'level_ids',
  resources: 'resource_ids',
  roles: 'role_ids',
  receptiondesks: 'reception_desk_ids',
} as const;
export type MemberKind = keyof typeof MEMBER_KINDS;
export const MemberKindParam = z.object({
  id: IdText,
  kind: z.enum(Object.keys(MEMBER_KINDS) as [MemberKind, ...MemberKind[]]),
});

export const Container = z.object({
  id: z.number().int(),
  name: z.string(),
  access_type: AccessType,
  users_count: z.number().int(),
  roles: z.array(Named),
});
export type Container = z.infer<typeof Container>;
export const ContainerList = z.object({ data: z.array(Container) });
export type ContainerList = z.infer<typeof ContainerList>;
export const ContainerListQuery = z.object({ access_type: AccessType.optional() });

export const ContainerBody = z.strictObject({ name: requiredText(120), access_type: AccessType });
export type ContainerBody = z.infer<typeof ContainerBody>;
export const RenameBody = z.strictObject({ name: requiredText(120) });
export type RenameBody = z.infer<typeof RenameBody>;

export const MemberList = z.object({ data: z.array(Named) });
export type MemberList = z.infer<typeof MemberList>;
/** POST adds, DELETE removes (spec §4 "saved by diff"); the key is the kind's (user_ids, level_ids…). */
export const MemberIdsBody = z
  .record(z.string(), z.array(PositiveId).max(5_000))
  .refine((body) => Object.keys(body).length === 1, 'Send one list of ids.');
export type MemberIdsBody = Record<string, number[]>;

export const MegaContainer = z.object({
  id: z.number().int(),
  name: z.string(),
  containers: z.array(Named.extend({ access_type: AccessType })),
});
export type MegaContainer = z.infer<typeof MegaContainer>;
export const MegaContainerList = z.object({ data: z.array(MegaContainer) });
export type MegaContainerList = z.infer<typeof MegaContainerList>;
export const MegaContainerBody = z.strictObject({ name: requiredText(120) });
export const MegaContainerIdsBody = z.strictObject({ container_ids: z.array(PositiveId).max(1_000) });
export type MegaContainerIdsBody = z.infer<typeof MegaContainerIdsBody>;

export const Role = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: AccessType,
  containers: z.array(Named),
});
export type Role = z.infer<typeof Role>;
export const RoleList = z.object({ data: z.array(Role) });
export type RoleList = z.infer<typeof RoleList>;
export const RoleListQuery = z.object({ kind: AccessType.optional() });
export const RoleBody = z.strictObject({ name: requiredText(120), kind: AccessType });
export type RoleBody = z.infer<typeof RoleBody>;

/** One permission of a role: granted or not, with its flags (spec §6 CRUD, LOGICAL, NUMERICAL). */
export const RolePermission = z.object({
  permission_id: z.number().int(),
  permission: z.string(),
  type: z.enum(PERMISSION_TYPES),
  granted: z.boolean(),
  is_active: z.boolean(),
  create: z.boolean(),
  read: z.boolean(),
  update: z.boolean(),
  delete: z.boolean(),
  value: z.number().int().nullable(),
});
export type RolePermission = z.infer<typeof RolePermission>;
export const RolePermissionList = z.object({ data: z.array(RolePermission) });
export type RolePermissionList = z.infer<typeof RolePermissionList>;

const Grant = z.strictObject({
  granted: z.boolean(),
  is_active: z.boolean().default(true),
  create: z.boolean().default(false),
  read: z.boolean().default(false),
  update: z.boolean().default(false),
  delete: z.boolean().default(false),
  value: z.number().int('Only numbers allowed.').min(0).max(1_000_000).nullable().default(null),
});
/** PUT roles/{id}/rolepermissions/bulk: the listed permissions set, granted or taken away. */
export const RolePermissionsBulkBody = z.strictObject({
  permissions: z.array(Grant.extend({ permission_id: PositiveId })).max(200),
});
export type RolePermissionsBulkBody = z.input<typeof RolePermissionsBulkBody>;

export const Permission = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.enum(PERMISSION_TYPES),
  category: AccessType,
});
export type Permission = z.infer<typeof Permission>;
export const PermissionList = z.object({ data: z.array(Permission) });
export type PermissionList = z.infer<typeof PermissionList>;
export const PermissionListQuery = z.object({ category: AccessType.optional() });

/** /permissions-level edit-permission: the roles of its kind, each with its grant of the permission. */
export const PermissionRoles = z.object({
  permission: Permission,
  data: z.array(
    RolePermission.omit({ permission_id: true, permission: true, type: true }).extend({ role: Named }),
  ),
});
export type PermissionRoles = z.infer<typeof PermissionRoles>;
export const PermissionRolesBulkBody = z.strictObject({
  roles: z.array(Grant.extend({ role_id: PositiveId })).max(500),
});
export type PermissionRolesBulkBody = z.input<typeof PermissionRolesBulkBody>;

/** "Why can't I book this?": the rules deciding what a user may do with a level or resource. */
export const ExplainQuery = z.object({
  user_id: IdText,
  level_id: IdText.optional(),
  resource_id: IdText.optional(),
});
export type ExplainQuery = z.infer<typeof ExplainQuery>;
export const ExplainRule = z.object({
  effect: z.enum(['grant', 'refuse']),
  kind: z.enum(['open', 'granted', 'not-member', 'not-granted', 'resource-roles']),
  /** general: a permission of the user's own roles the screen or the booking needs */
  scope: z.enum(['general', 'level', 'resource', 'reception_desk']),
  target: z.number().int(),
  permission: z.string(),
  container: Named.nullable(),
  role: Named.nullable(),
});
export type ExplainRule = z.infer<typeof ExplainRule>;
export const Explanation = z.object({
  user: Named,
  target: Named.extend({ kind: z.enum(['level', 'resource']) }),
  may_see: z.boolean(),
  may_book: z.boolean(),
  /** what a refused booking tells the user, or null */
  message: z.string().nullable(),
  rules: z.array(ExplainRule),
});
export type Explanation = z.infer<typeof Explanation>;

const base = `${COMPANY_PREFIX}`;
export const accessPaths = {
  containers: `${base}/containers`,
  container: `${base}/containers/:id`,
  accessTypes: `${base}/containers/access-types`,
  members: `${base}/containers/:id/:kind`,
  megaContainers: `${base}/mega-containers`,
  megaContainer: `${base}/mega-containers/:id`,
  megaContainerContainers: `${base}/mega-containers/:id/containers`,
  roles: `${base}/roles`,
  role: `${base}/roles/:id`,
  rolePermissions: `${base}/roles/:id/rolepermissions`,
  rolePermissionsBulk: `${base}/roles/:id/rolepermissions/bulk`,
  permissions: `${base}/permissions`,
  permissionTypes: `${base}/permissions/types`,
  permissionCategories: `${base}/permissions/categories`,
  permissionRoles: `${base}/permissions/:id/roles`,
  permissionRolesBulk: `${base}/permissions/:id/roles/bulk`,
  explain: `${base}/access/explain`,
} as const;

export const containerPath = (id: number) => `${base}/containers/${id}`;
export const membersPath = (id: number, kind: MemberKind) => `${base}/containers/${id}/${kind}`;
export const megaContainerPath = (id: number) => `${base}/mega-containers/${id}`;
export const rolePath = (id: number) => `${base}/roles/${id}`;
export const rolePermissionsPath = (id: number) => `${base}/roles/${id}/rolepermissions`;
export const permissionRolesPath = (id: number) => `${base}/permissions/${id}/roles`;
