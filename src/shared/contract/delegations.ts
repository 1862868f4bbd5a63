import { z } from 'zod';
import { paginated } from './common';
import { Id, PositiveId } from './ids';

/**
 * spec §2 /profile my-delegates (add, add/permission/:userId, edit/:delegationId) and delegated-by,
 * §3 "Delegation: id, available permissions, delegated by or to", §5 "users delegate available
 * permissions to others and see those given and received", §7 Delegations (list,
 * available-permissions/{id}, POST, PUT, DELETE; delegate users paginated).
 *
 * Ours: a delegation lets the delegate act for the delegator with the permissions it lists, and
 * only while the delegator still holds them. Which permissions can be delegated at all, and what
 * each allows the delegate, is src/shared/permissions/delegable.ts.
 */
export const DELEGATION_MESSAGES = {
  notFound: 'Delegation not found.',
  delegateRequired: 'Choose the person who acts for you.',
  notYourself: 'You cannot delegate to yourself.',
  delegateNotValid: 'The selected person is not valid.',
  alreadyDelegate: 'This person is already your delegate: edit that delegation instead.',
  permissionsRequired: 'Choose at least one permission.',
  notAvailable: 'You cannot delegate this permission.',
  onlyDelegator: 'Only the person who gave a delegation can change it.',
} as const;

export const DelegationPerson = z.object({ id: Id, name: z.string(), email: z.string() });
export type DelegationPerson = z.infer<typeof DelegationPerson>;

export const Delegation = z.object({
  id: Id,
  /** the person who gave it (acts are on their behalf) */
  delegated_by: DelegationPerson,
  /** the person who acts */
  delegated_to: DelegationPerson,
  /** permission names, sorted */
  permissions: z.array(z.string()),
  /**
   * Those of them that work now: the delegator still holds each, and the delegate what a delegate
   * needs for it (src/shared/permissions/delegable.ts). The others wait, and work again when held.
   */
  in_force: z.array(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Delegation = z.infer<typeof Delegation>;

/** ?direction=given (default): the caller's delegates; received: who delegated to the caller. */
export const DelegationListQuery = z.object({
  direction: z.enum(['given', 'received'], 'Unknown direction.').default('given'),
});
export type DelegationListQuery = z.infer<typeof DelegationListQuery>;

export const DelegationList = z.object({ data: z.array(Delegation) });
export type DelegationList = z.infer<typeof DelegationList>;

const PermissionNames = z
  .array(z.string().max(64))
  .max(64)
  .refine((names) => names.length > 0, DELEGATION_MESSAGES.permissionsRequired);

export const CreateDelegationBody = z.strictObject({
  delegate_id: PositiveId.nullish(),
  permissions: PermissionNames,
});
export type CreateDelegationBody = z.infer<typeof CreateDelegationBody>;

export const UpdateDelegationBody = z.strictObject({ permissions: PermissionNames });
export type UpdateDelegationBody = z.infer<typeof UpdateDelegationBody>;

/** One permission the caller may delegate, and whether the delegation to that person has it. */
export const AvailablePermission = z.object({
  permission: z.string(),
  delegated: z.boolean(),
});
export type AvailablePermission = z.infer<typeof AvailablePermission>;

export const AvailablePermissionList = z.object({
  /** the person asked about */
  user: DelegationPerson,
  /** the caller's delegation to them, if there is one */
  delegation_id: Id.nullable(),
  data: z.array(AvailablePermission),
});
export type AvailablePermissionList = z.infer<typeof AvailablePermissionList>;

/** GET delegations/delegate-users: colleagues who can be delegates, paginated, searched by name or email. */
export const DelegateUsersQuery = z.object({
  query: z.string().max(120).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
});
export type DelegateUsersQuery = z.infer<typeof DelegateUsersQuery>;

export const DelegateUser = DelegationPerson.extend({
  /** the caller's delegation to this person, if there is one */
  delegation_id: Id.nullable(),
});
export type DelegateUser = z.infer<typeof DelegateUser>;

export const DelegateUserPage = paginated(DelegateUser);
export type DelegateUserPage = z.infer<typeof DelegateUserPage>;

export {
  availablePermissionsPath,
  delegationPath,
  delegationPaths,
  delegationsPath,
} from './delegations-paths';
