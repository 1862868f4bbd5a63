import { sql, type RawBuilder } from 'kysely';
import { can, type Action } from '../../../shared/permissions';
import type { ServiceContext } from '../../context';
import { managedUsersQuery } from '../../permissions/user-managers';

/** spec §2 /manage-users: the general permission that administers every person of the company. */
export const USERS_PERMISSION = 'USERS_CONTAINERS';

/**
 * Which users the caller may `action`, as a condition on `users` aliased `u`: the one place every
 * users query asks. A holder of USERS_CONTAINERS with that flag manages every person of their
 * company; anyone else only the users their user-manager containers grant them
 * (src/server/permissions/user-managers.ts, the one place for that rule). The company's
 * "Removed user" placeholder is nobody's to manage.
 */
export function manageableUsers(ctx: ServiceContext, action: Action = 'read'): RawBuilder<boolean> {
  const ours = sql<boolean>`u.company_id = ${ctx.companyId} and not u.stands_for_removed`;
  if (ctx.permissions && can(ctx.permissions, [USERS_PERMISSION, action])) return sql<boolean>`(${ours})`;
  return sql<boolean>`(${ours} and u.id in (${managedUsersQuery(ctx.companyId, ctx.userId, action)}))`;
}
