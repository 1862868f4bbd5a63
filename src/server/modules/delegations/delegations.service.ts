import { pageMeta } from '../../../shared/contract/common';
import {
  DELEGATION_MESSAGES as MESSAGES,
  type AvailablePermissionList,
  type CreateDelegationBody,
  type DelegateUserPage,
  type DelegateUsersQuery,
  type Delegation,
  type DelegationList,
  type DelegationListQuery,
  type UpdateDelegationBody,
} from '../../../shared/contract/delegations';
import type { FieldErrors } from '../../../shared/validation';
import {
  delegableHeld,
  delegationInForce,
  isDelegable,
  type DelegablePermission,
} from '../../../shared/permissions';
import { generalPermissionsOfUsers } from '../../permissions/resolve';
import type { ServiceContext } from '../../context';
import { forbidden, notFound, unprocessable } from '../../http/errors';
import {
  colleague,
  delegateCandidates,
  delegationBetween,
  delegationById,
  delegationsGivenBy,
  delegationsReceivedBy,
  replacePermissions,
  type StoredDelegation,
} from './delegations.queries';

/** The delegations with what of each is in force now (both sides' permissions as they are now). */
async function withInForce(ctx: ServiceContext, list: readonly StoredDelegation[]): Promise<Delegation[]> {
  const others = new Set<number>();
  for (const delegation of list)
    for (const person of [delegation.delegated_by, delegation.delegated_to])
      if (person.id !== ctx.userId) others.add(person.id);
  const held = await generalPermissionsOfUsers(ctx.db, ctx.companyId, [...others]);
  const permissionsOf = (userId: number) =>
    userId === ctx.userId ? (ctx.permissions ?? []) : (held.get(userId) ?? []);
  return list.map((delegation) => ({
    ...delegation,
    in_force: delegation.permissions.filter(
      (name) =>
        isDelegable(name) &&
        delegationInForce(
          name,
          permissionsOf(delegation.delegated_by.id),
          permissionsOf(delegation.delegated_to.id),
        ),
    ),
  }));
}

/** GET delegations: the ones the caller gave (my delegates) or received (delegated by). */
export async function listDelegations(
  ctx: ServiceContext,
  query: DelegationListQuery,
): Promise<DelegationList> {
  const read = query.direction === 'received' ? delegationsReceivedBy : delegationsGivenBy;
  return { data: await withInForce(ctx, await read(ctx.db, ctx.companyId, ctx.userId)) };
}

/** A delegation the caller gave or received; anyone else's reads as not found. */
async function ownDelegation(ctx: ServiceContext, id: number): Promise<StoredDelegation> {
  const delegation = await delegationById(ctx.db, ctx.companyId, id);
  if (!delegation || (delegation.delegated_by.id !== ctx.userId && delegation.delegated_to.id !== ctx.userId))
    throw notFound(MESSAGES.notFound);
  return delegation;
}

export async function getDelegation(ctx: ServiceContext, id: number): Promise<Delegation> {
  return (await withInForce(ctx, [await ownDelegation(ctx, id)]))[0]!;
}

/** The person a delegation would go to: a colleague (not a visitor, not another company's), not the caller. */
async function delegateOf(ctx: ServiceContext, userId: number | null | undefined, field: string) {
  if (userId === null || userId === undefined) throw unprocessable({ [field]: [MESSAGES.delegateRequired] });
  if (userId === ctx.userId) throw unprocessable({ [field]: [MESSAGES.notYourself] });
  const person = await colleague(ctx.db, ctx.companyId, userId);
  if (!person) throw unprocessable({ [field]: [MESSAGES.delegateNotValid] });
  return person;
}

/** The names asked for, each one the caller holds and may delegate (422 naming each other one). */
function delegatedNames(ctx: ServiceContext, names: readonly string[]): DelegablePermission[] {
  const held = new Set<string>(delegableHeld(ctx.permissions ?? []));
  const errors: FieldErrors = {};
  names.forEach((name, index) => {
    if (!isDelegable(name) || !held.has(name)) errors[`permissions.${index}`] = [MESSAGES.notAvailable];
  });
  if (Object.keys(errors).length > 0) throw unprocessable(errors);
  return [...new Set(names)].filter(isDelegable);
}

/** GET delegations/available-permissions/{userId}: what the caller can delegate, and to that person already does. */
export async function availablePermissions(
  ctx: ServiceContext,
  userId: number,
): Promise<AvailablePermissionList> {
  // The person is the address's record: one who is not a colleague is not found.
  if (userId === ctx.userId) throw unprocessable({ id: [MESSAGES.notYourself] });
  const user = await colleague(ctx.db, ctx.companyId, userId);
  if (!user) throw notFound(MESSAGES.delegateNotValid);
  const existing = await delegationBetween(ctx.db, ctx.companyId, ctx.userId, userId);
  const given = new Set(existing?.permissions ?? []);
  return {
    user,
    delegation_id: existing?.id ?? null,
    data: delegableHeld(ctx.permissions ?? []).map((permission) => ({
      permission,
      delegated: given.has(permission),
    })),
  };
}

/** GET delegations/delegate-users: colleagues who can be the caller's delegates, paginated. */
export async function delegateUsers(
  ctx: ServiceContext,
  query: DelegateUsersQuery,
): Promise<DelegateUserPage> {
  const { rows, total } = await delegateCandidates(
    ctx.db,
    ctx.companyId,
    ctx.userId,
    query.query ?? '',
    query.page,
    query.per_page,
  );
  return { data: rows, meta: pageMeta(query.page, query.per_page, total) };
}

const UNIQUE_VIOLATION = '23505';

/** The delegation as written; gone meanwhile (its other side ended it at that moment): 404. */
async function answerOf(ctx: ServiceContext, id: number): Promise<Delegation> {
  const delegation = await delegationById(ctx.db, ctx.companyId, id);
  if (!delegation) throw notFound(MESSAGES.notFound);
  return (await withInForce(ctx, [delegation]))[0]!;
}

/** POST delegations: the caller delegates permissions they hold to a colleague (one delegation per pair). */
export async function createDelegation(ctx: ServiceContext, body: CreateDelegationBody): Promise<Delegation> {
  const delegate = await delegateOf(ctx, body.delegate_id, 'delegate_id');
  const names = delegatedNames(ctx, body.permissions);
  if (await delegationBetween(ctx.db, ctx.companyId, ctx.userId, delegate.id))
    throw unprocessable({ delegate_id: [MESSAGES.alreadyDelegate] });
  let id: number;
  try {
    id = await ctx.db.transaction().execute(async (tx) => {
      const row = await tx
        .insertInto('delegations')
        .values({ company_id: ctx.companyId, delegator_id: ctx.userId, delegate_id: delegate.id })
        .returning('id')
        .executeTakeFirstOrThrow();
      await replacePermissions(tx, ctx.companyId, row.id, names);
      return row.id;
    });
  } catch (error) {
    // The same delegation asked twice at once: the second gets the answer it would get a moment later.
    if ((error as { code?: unknown }).code === UNIQUE_VIOLATION)
      throw unprocessable({ delegate_id: [MESSAGES.alreadyDelegate] });
    throw error;
  }
  return answerOf(ctx, id);
}

/** PUT delegations/{id}: its delegator sets its permissions (the delegate cannot widen what they were given). */
export async function updateDelegation(
  ctx: ServiceContext,
  id: number,
  body: UpdateDelegationBody,
): Promise<Delegation> {
  const delegation = await ownDelegation(ctx, id);
  if (delegation.delegated_by.id !== ctx.userId) throw forbidden(MESSAGES.onlyDelegator);
  const names = delegatedNames(ctx, body.permissions);
  await ctx.db.transaction().execute(async (tx) => {
    const touched = await tx
      .updateTable('delegations')
      .set({ updated_at: new Date() })
      .where('company_id', '=', ctx.companyId)
      .where('id', '=', id)
      .executeTakeFirst();
    if (touched.numUpdatedRows === 0n) throw notFound(MESSAGES.notFound);
    await replacePermissions(tx, ctx.companyId, id, names);
  });
  return answerOf(ctx, id);
}

/** DELETE delegations/{id}: its delegator withdraws it, or its delegate gives it back. */
export async function deleteDelegation(ctx: ServiceContext, id: number): Promise<{ message: string }> {
  await ownDelegation(ctx, id);
  await ctx.db
    .deleteFrom('delegations')
    .where('company_id', '=', ctx.companyId)
    .where('id', '=', id)
    .execute();
  return { message: 'Deleted.' };
}
