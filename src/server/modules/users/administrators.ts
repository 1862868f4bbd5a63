import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { conflict } from '../../http/errors';

/**
 * Who counts as a company administrator: whoever may manage the company's users (USERS_CONTAINERS
 * update, through their containers' roles). A company must always keep one, or nobody could give
 * access back: deleting users or taking them out of containers is refused when it would leave none.
 */
export const LAST_ADMINISTRATOR = 'The company would be left without an administrator.';

/**
 * Throws 409 when the company would have no administrator left once these users are deleted
 * (`removedUsers`) and `memberships` (user → the containers they keep) are applied. Called inside the
 * write's transaction, after locking the company's administrators' memberships.
 */
export async function assertAdministratorRemains(
  db: Kysely<Database>,
  companyId: number,
  change: {
    removedUsers?: readonly number[];
    keptContainers?: { userId: number; containerIds: readonly number[] };
  },
): Promise<void> {
  const removed = change.removedUsers ?? [];
  const kept = change.keptContainers;
  const { rows } = await sql<{ user_id: number; container_id: number }>`
    select m.user_id, m.container_id from user_container_members m
    join user_container_roles cr on cr.company_id = m.company_id and cr.container_id = m.container_id
    join role_permissions rp on rp.company_id = cr.company_id and rp.role_id = cr.role_id
    join permissions p on p.id = rp.permission_id
    join users u on u.company_id = m.company_id and u.id = m.user_id
    where m.company_id = ${companyId} and p.name = 'USERS_CONTAINERS' and rp.is_active and rp.can_update
      and not u.stands_for_removed
    for no key update of m`.execute(db);
  const remains = rows.some(
    (row) =>
      !removed.includes(row.user_id) &&
      (kept === undefined || row.user_id !== kept.userId || kept.containerIds.includes(row.container_id)),
  );
  // A company that has none already (a fresh one set up by hand) is not blocked by this rule.
  if (!remains && rows.length > 0) throw conflict(LAST_ADMINISTRATOR);
}
