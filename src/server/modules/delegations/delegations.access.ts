import {
  can,
  delegationInForce,
  DELEGATE_NEEDS,
  type DelegablePermission,
} from '../../../shared/permissions';
import type { ServiceContext } from '../../context';
import { generalPermissionsOfUsers } from '../../permissions/resolve';
import { delegatorsOf } from './delegations.queries';

/** One answer per request (a ServiceContext is one request's) and permission. */
const asked = new WeakMap<ServiceContext, Map<DelegablePermission, Promise<ReadonlySet<number>>>>();

/**
 * The people the caller acts for with `permission`: those who delegated it to them and hold it
 * themselves now (a delegation never outlives the delegator's own permission), provided the caller
 * holds what a delegate needs (DELEGATE_NEEDS). Read only where the caller's own permissions do not
 * already decide, so the common paths cost no query; read once per request.
 */
export function principalsFor(
  ctx: ServiceContext,
  permission: DelegablePermission,
  db: ServiceContext['db'] = ctx.db,
): Promise<ReadonlySet<number>> {
  const mine = asked.get(ctx) ?? new Map<DelegablePermission, Promise<ReadonlySet<number>>>();
  asked.set(ctx, mine);
  let answer = mine.get(permission);
  if (!answer) {
    answer = readPrincipals(ctx, permission, db);
    mine.set(permission, answer);
    // A failed read is not remembered: the next call asks again.
    answer.catch(() => mine.delete(permission));
  }
  return answer;
}

async function readPrincipals(
  ctx: ServiceContext,
  permission: DelegablePermission,
  db: ServiceContext['db'],
): Promise<ReadonlySet<number>> {
  if (!can(ctx.permissions ?? [], DELEGATE_NEEDS[permission])) return new Set();
  const delegators = await delegatorsOf(db, ctx.companyId, ctx.userId, permission);
  if (delegators.length === 0) return new Set();
  const held = await generalPermissionsOfUsers(db, ctx.companyId, delegators);
  return new Set(
    delegators.filter((id) => delegationInForce(permission, held.get(id) ?? [], ctx.permissions ?? [])),
  );
}

/** Whether the caller acts for `userId` with `permission` (the caller themselves: always). */
export async function actsFor(
  ctx: ServiceContext,
  userId: number,
  permission: DelegablePermission,
  db: ServiceContext['db'] = ctx.db,
): Promise<boolean> {
  if (userId === ctx.userId) return true;
  return (await principalsFor(ctx, permission, db)).has(userId);
}
