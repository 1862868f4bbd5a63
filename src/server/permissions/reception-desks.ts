import { sql, type Kysely } from 'kysely';
import type { Action, GeneralPermission } from '../../shared/permissions';
import { allows } from '../../shared/permissions/can';
import {
  canReceiveAt,
  isKeptDesk,
  refusalMessage,
  refusingRule,
  type ScopedFacts,
} from '../../shared/permissions/scoped-access';
import type { Database } from '../db/schema';
import { scopedFactsOf } from './scoped';

/*
 * Reception-desk containers (docs/visitors.md "Who does what"): a desk one of them names is kept for
 * its people whose container roles grant RECEPTION_DESK_VISITORS; the visitors module decides per desk
 * with canReceiveAt (src/shared/permissions/scoped-access.ts). Read afresh on every call: the booking
 * stamp that keeps level and resource facts does not move with a desk's containers.
 */

/** The caller's memberships, grants and the desks' cover, without the levels' and resources'. */
export function receptionFactsOf(
  db: Kysely<Database>,
  companyId: number,
  userId: number,
  deskIds?: readonly number[],
): Promise<ScopedFacts> {
  return scopedFactsOf(db, companyId, userId, {
    levelIds: [],
    resourceIds: [],
    ...(deskIds ? { deskIds } : {}),
  });
}

export const NEEDS_VISITOR_MANAGEMENT =
  'You may not receive visitors at this reception desk: it needs the permission VISITOR_MANAGEMENT.';

/**
 * Why the user may not `action` visitors at the desk, or null. A desk no reception-desk container
 * keeps: VISITOR_MANAGEMENT with the action's flag (`general`). A kept desk: RECEPTION_DESK_VISITORS
 * with that flag from a keeping container's role, whatever the general permissions.
 */
export function receptionRefusal(
  facts: ScopedFacts,
  general: boolean,
  deskId: number,
  action: Action,
): string | null {
  if (!isKeptDesk(facts, deskId)) return general ? null : NEEDS_VISITOR_MANAGEMENT;
  const rule = refusingRule(canReceiveAt(facts, deskId, action));
  return rule ? refusalMessage(rule) : null;
}

/** The grants of RECEPTION_DESK_VISITORS a user holds through containers keeping at least one desk. */
function deskGrants(facts: ScopedFacts) {
  const keeping = new Set([...facts.deskCover.values()].flat().map((container) => container.id));
  return [...facts.grants.entries()]
    .filter(([containerId]) => keeping.has(containerId) && facts.memberOf.has(containerId))
    .flatMap(([, grants]) => grants)
    .filter((grant) => grant.permission === 'RECEPTION_DESK_VISITORS');
}

/** The route gate's question (orReceptionDesk): may the user `action` visitors at some kept desk? */
export async function receivesAnywhere(
  db: Kysely<Database>,
  companyId: number,
  userId: number,
  action: Action,
): Promise<boolean> {
  const facts = await receptionFactsOf(db, companyId, userId);
  return deskGrants(facts).some((grant) => allows(grant, action));
}

/**
 * What the client is told beside the general permissions: RECEPTION_DESK_VISITORS with the flags some
 * desk's container grants (OR-ed over active grants), so the reception screens open; none when no
 * container grants it. The server never reads this entry: each call decides per desk.
 */
export async function receptionDeskEntry(
  db: Kysely<Database>,
  companyId: number,
  userId: number,
): Promise<GeneralPermission[]> {
  const active = deskGrants(await receptionFactsOf(db, companyId, userId)).filter((grant) => grant.is_active);
  if (active.length === 0) return [];
  const flag = (action: Action) => active.some((grant) => grant[action]);
  return [
    {
      permission: 'RECEPTION_DESK_VISITORS',
      type: 'CRUD',
      is_active: true,
      create: flag('create'),
      read: flag('read'),
      update: flag('update'),
      delete: flag('delete'),
      value: null,
    },
  ];
}

/**
 * The users who may read the visitors of a kept desk through its containers (the realtime event's
 * receptionists), and whether any container keeps the desk at all.
 */
export async function deskReaders(
  db: Kysely<Database>,
  companyId: number,
  deskId: number,
): Promise<{ kept: boolean; userIds: number[] }> {
  const { rows } = await sql<{ kept: boolean; user_ids: number[] | null }>`
    with keeping as (
      select c.id from container_reception_desks cd
        join user_containers c on c.company_id = cd.company_id and c.id = cd.container_id
          and c.access_type = 'RECEPTION_DESK'
        where cd.company_id = ${companyId} and cd.reception_desk_id = ${deskId}
    ),
    granting as (
      select distinct keeping.id from keeping
        join user_container_roles ucr on ucr.company_id = ${companyId} and ucr.container_id = keeping.id
        join roles r on r.company_id = ucr.company_id and r.id = ucr.role_id and r.kind = 'RECEPTION_DESK'
        join role_permissions rp on rp.company_id = r.company_id and rp.role_id = r.id
          and rp.is_active and rp.can_read
        join permissions p on p.id = rp.permission_id and p.name = 'RECEPTION_DESK_VISITORS'
    ),
    readers as (
      select m.user_id from user_container_members m
        where m.company_id = ${companyId} and m.container_id in (select id from granting)
      union
      select m.user_id from granting
        join mega_container_containers mine on mine.company_id = ${companyId} and mine.container_id = granting.id
        join mega_container_containers other
          on other.company_id = mine.company_id and other.mega_container_id = mine.mega_container_id
        join user_containers uc on uc.company_id = other.company_id and uc.id = other.container_id
          and uc.access_type = 'USER'
        join user_container_members m on m.company_id = uc.company_id and m.container_id = uc.id
    )
    select exists (select 1 from keeping) as kept, (select array_agg(user_id) from readers) as user_ids
  `.execute(db);
  return { kept: rows[0]!.kept, userIds: rows[0]!.user_ids ?? [] };
}
