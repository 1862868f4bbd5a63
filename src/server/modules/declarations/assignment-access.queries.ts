import type { Kysely } from 'kysely';
import type { AssignmentAccess, Stretch } from '../../../shared/booking/declaration-rules';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

/** Each holder's breaks, under their user id. */
export type Holders = Map<number, Stretch[]>;

/**
 * The holders of each of these assigned resources (resource_assignments) and each holder's breaks
 * that end after `from`: what bookingRefusal judges an assigned resource by, for many resources in
 * one query (the plan's level, the scheduler's candidate rooms). A resource nobody holds is absent.
 */
export async function holdersOf(
  db: Db,
  companyId: number,
  resourceIds: readonly number[],
  from: Date | null,
): Promise<Map<number, Holders>> {
  const byResource = new Map<number, Holders>();
  if (resourceIds.length === 0) return byResource;
  const rows = await db
    .selectFrom('resource_assignments as a')
    .leftJoin('resource_assignment_breaks as b', (join) =>
      join
        .onRef('b.company_id', '=', 'a.company_id')
        .onRef('b.assignment_id', '=', 'a.id')
        .on('b.ends_at', '>', from ?? new Date(0)),
    )
    .select(['a.resource_id', 'a.user_id', 'b.starts_at', 'b.ends_at'])
    .where('a.company_id', '=', companyId)
    .where('a.resource_id', 'in', [...new Set(resourceIds)])
    .execute();
  for (const row of rows) {
    const holders = byResource.get(row.resource_id) ?? new Map<number, Stretch[]>();
    const breaks = holders.get(row.user_id) ?? [];
    if (row.starts_at && row.ends_at) breaks.push({ starts_at: row.starts_at, ends_at: row.ends_at });
    holders.set(row.user_id, breaks);
    byResource.set(row.resource_id, holders);
  }
  return byResource;
}

const earliest = (slots: readonly Stretch[]) =>
  slots.reduce<Date | null>((min, slot) => (!min || slot.starts_at < min ? slot.starts_at : min), null);

/**
 * What bookingRefusal judges an assigned resource by: its holders and their breaks, with who asks
 * and for when. Read only for an assigned resource, so no other booking pays.
 */
export async function assignmentAccess(
  db: Db,
  companyId: number,
  target: { id: number; resource_model: string },
  userId: number,
  slots: readonly Stretch[],
): Promise<AssignmentAccess | undefined> {
  if (target.resource_model !== 'assigned') return undefined;
  const holders = (await holdersOf(db, companyId, [target.id], earliest(slots))).get(target.id);
  return { userId, holders: holders ?? new Map(), slots };
}

/** An Interval (datetime_from/to) as a Stretch. */
export const asStretch = (slot: { datetime_from: Date; datetime_to: Date }): Stretch => ({
  starts_at: slot.datetime_from,
  ends_at: slot.datetime_to,
});
