import { can, type DelegablePermission } from '../../../shared/permissions';
import type { ServiceContext } from '../../context';
import { generalPermissionsOfUsers } from '../permissions';
import { delegatorsOf } from './delegations.queries';

/**
 * The people the caller acts for with `permission`: those who delegated it to them and hold it
 * themselves now (a delegation never outlives the delegator's own permission). Read only where the
 * caller's own permissions do not already decide, so the common paths cost no query.
 */
export async function principalsFor(
  ctx: ServiceContext,
  permission: DelegablePermission,
  db: ServiceContext['db'] = ctx.db,
): Promise<ReadonlySet<number>> {
  const delegators = await delegatorsOf(db, ctx.companyId, ctx.userId, permission);
  if (delegators.length === 0) return new Set();
  const held = await generalPermissionsOfUsers(db, ctx.companyId, delegators);
  return new Set(delegators.filter((id) => can(held.get(id) ?? [], permission)));
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
