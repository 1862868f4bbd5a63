import { z } from 'zod';
import { email, requiredText } from '../validation/schemas';
import { withNewPassword } from '../validation/password';
import { COMPANY_PREFIX, PageMeta } from './common';
import { IdText, PositiveId } from './ids';

/** spec §2 /manage-users and §7 Users: the company's user administration. */
export const usersPath = `${COMPANY_PREFIX}/users`;
export const userPaths = {
  all: usersPath,
  one: `${usersPath}/:id`,
  bulkDelete: `${usersPath}/bulk-delete`,
  assignableContainers: `${usersPath}/assignable-containers`,
  containers: `${usersPath}/:id/containers`,
  password: `${usersPath}/:id/password`,
  invitation: `${usersPath}/:id/invitation`,
  assignments: `${usersPath}/:id/assignments`,
  assignment: `${usersPath}/:id/assignments/:assignmentId`,
  exportCsv: `${usersPath}/export`,
  importPreview: `${usersPath}/import/preview`,
  importCsv: `${usersPath}/import`,
} as const;

/** Public: the invitation's link opens /accept-invitation, which reads and accepts it here. */
export const invitationPaths = {
  check: (token: string) => `${COMPANY_PREFIX}/auth/invitation/${encodeURIComponent(token)}`,
  checkRoute: `${COMPANY_PREFIX}/auth/invitation/:token`,
  accept: `${COMPANY_PREFIX}/auth/invitation`,
} as const;

export const UserContainerRef = z.object({ id: z.number().int(), name: z.string() });
export type UserContainerRef = z.infer<typeof UserContainerRef>;

/** spec §3 User assigned_resources: a resource that is the user's own (their desk). */
export const AssignedResource = z.object({
  id: z.number().int(),
  resource_id: z.number().int(),
  resource_name: z.string(),
  level_id: z.number().int(),
  level_path: z.string(),
});
export type AssignedResource = z.infer<typeof AssignedResource>;

/** spec §3 User, as the administration sees it. */
export const ManagedUser = z.object({
  id: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  name: z.string(),
  language_id: z.number().int(),
  country_id: z.number().int().nullable(),
  timezone: z.string(),
  is_visitor: z.boolean(),
  sso: z.boolean(),
  camera: z.boolean(),
  /** invited, and the invitation not yet accepted (no password chosen) */
  invitation_pending: z.boolean(),
  user_containers: z.array(UserContainerRef),
  assigned_resources: z.array(AssignedResource),
});
export type ManagedUser = z.infer<typeof ManagedUser>;

export const ManagedUserList = z.object({ data: z.array(ManagedUser), meta: PageMeta });
export type ManagedUserList = z.infer<typeof ManagedUserList>;

const flag = z.enum(['0', '1']).optional();
/** '3,7' or repeated user_containers=3&user_containers=7: container ids */
const idList = z
  .union([z.string().max(2000), z.array(z.string().max(20)).max(200)])
  .transform((value) => (Array.isArray(value) ? value.join(',') : value))
  .pipe(
    z
      .string()
      .regex(/^(\d{1,10}(,\d{1,10})*)?$/, 'User containers is not valid.')
      .transform((value) => (value === '' ? [] : value.split(',').map(Number))),
  )
  .optional();

/**
 * spec §7 Users list: user_containers (member of any of these), assigned_resources (1: holds one,
 * 0: holds none), sso, is_visitor (0/1), query (name or e-mail); pages of 200 (spec §9).
 */
export const UserListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(200).default(200),
  query: z.string().max(255).optional(),
  user_containers: idList,
  assigned_resources: flag,
  sso: flag,
  is_visitor: flag,
  lang: z.string().max(16).optional(),
});
export type UserListQuery = z.input<typeof UserListQuery>;
export type UserListFilters = z.output<typeof UserListQuery>;

const names = {
  first_name: requiredText(100),
  last_name: requiredText(100),
};
const settings = {
  language_id: PositiveId,
  timezone: requiredText(64),
  country_id: PositiveId.nullable(),
  is_visitor: z.boolean(),
  sso: z.boolean(),
};

/** spec §2 add-user: the invitation goes to `email` unless the user signs in through SSO. */
export const CreateUserBody = z.strictObject({
  email: email(),
  ...names,
  ...settings,
  container_ids: z.array(PositiveId).max(500).optional(),
});
export type CreateUserBody = z.infer<typeof CreateUserBody>;

/** spec §2 edit/:user_id and its sub-screens language, timezone, country: any subset of fields. */
export const UpdateUserBody = z
  .strictObject({
    email: email(),
    ...names,
    ...settings,
    camera: z.boolean(),
  })
  .partial();
export type UpdateUserBody = z.infer<typeof UpdateUserBody>;

/** spec §2 containers sub-screen: the containers the user is a member of, saved by diff (§4). */
export const UserContainersBody = z.strictObject({ container_ids: z.array(PositiveId).max(500) });
export type UserContainersBody = z.infer<typeof UserContainersBody>;

export const UserPasswordBody = withNewPassword({});
export type UserPasswordBody = z.infer<typeof UserPasswordBody>;

export const AssignmentBody = z.strictObject({ resource_id: PositiveId });
export type AssignmentBody = z.infer<typeof AssignmentBody>;
export const AssignmentParams = z.object({ id: IdText, assignmentId: IdText });
export const AssignedResourceList = z.object({ data: z.array(AssignedResource) });

/**
 * Delete and bulk delete: refused while a user has bookings ahead, unless `cancel_bookings`, which
 * cancels those bookings in the same transaction.
 */
export const DeleteUserQuery = z.object({ cancel_bookings: flag, lang: z.string().max(16).optional() });
export const BulkDeleteBody = z.strictObject({
  user_ids: z.array(PositiveId).min(1, 'This field is required.').max(500),
  cancel_bookings: z.boolean().optional(),
});
export type BulkDeleteBody = z.infer<typeof BulkDeleteBody>;
export const DeletedUsers = z.object({
  message: z.string(),
  deleted: z.number().int(),
  cancelled_bookings: z.number().int(),
});
export type DeletedUsers = z.infer<typeof DeletedUsers>;

export const AssignableContainers = z.object({ data: z.array(UserContainerRef) });

/** CSV import (spec §2 /manage-users import): the shared preview/confirm shapes, the users' columns. */
export {
  ImportBody,
  ImportPreview,
  ImportResult,
  ImportRow,
  MAX_IMPORT_BYTES,
  MAX_IMPORT_ROWS,
} from './csv-import';
export const IMPORT_COLUMNS = [
  'email',
  'first_name',
  'last_name',
  'language',
  'timezone',
  'country',
  'is_visitor',
  'sso',
  'containers',
] as const;

/** The invitation page: who it is for, while the link is usable. */
export const InvitationCheck = z.object({ email: z.string(), first_name: z.string(), company: z.string() });
export type InvitationCheck = z.infer<typeof InvitationCheck>;
export const AcceptInvitationBody = withNewPassword({ token: requiredText(128) });
export type AcceptInvitationBody = z.infer<typeof AcceptInvitationBody>;
