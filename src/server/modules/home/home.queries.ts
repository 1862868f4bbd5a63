import { sql, type Kysely } from 'kysely';
import type { DeclarationStatus } from '../../../shared/booking/declaration-rules';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

/** A resource's name in the user's language, else the company's, else any. */
const resourceName = (companyId: number, userId: number, resource: string) => sql<string>`(
  select t.name from resource_translations t
  join users u on u.company_id = ${companyId} and u.id = ${userId}
  join companies c on c.id = ${companyId}
  where t.company_id = ${companyId} and t.resource_id = ${sql.ref(resource)}
  order by t.language_id = u.language_id desc, t.language_id = c.language_id desc, t.language_id
  limit 1)`;

/**
 * The bookable resource the user booked most often since `since` (the latest booking breaks a
 * tie), with its level's zone; undefined when they booked none.
 */
export async function usualResource(db: Db, companyId: number, userId: number, since: Date) {
  const { rows } = await sql<{ id: number; name: string; level_id: number; timezone: string }>`
    select r.id, coalesce(${resourceName(companyId, userId, 'r.id')}, '') as name, r.level_id, l.timezone
    from declarations d
    join resources r on r.company_id = d.company_id and r.id = d.resource_id
    join levels l on l.company_id = r.company_id and l.id = r.level_id
    where d.company_id = ${companyId} and d.user_id = ${userId} and d.starts_at >= ${since}
      and d.status <> 'cancelled' and r.resource_model = 'bookable'
    group by r.id, r.level_id, l.timezone
    order by count(*) desc, max(d.starts_at) desc, r.id
    limit 1`.execute(db);
  return rows[0];
}

export interface PresenceRow {
  user_id: number;
  name: string;
  resource_name: string;
  level_id: number;
  starts_at: Date;
  ends_at: Date;
  timezone: string;
  status: DeclarationStatus;
}

/**
 * The bookings between `from` and `to` that hold their place (booked or checked in, not rejected)
 * of the people who share a user container with the user, the user left out; one row per person,
 * their earliest.
 */
export async function teamPresence(db: Db, companyId: number, userId: number, from: Date, to: Date) {
  const { rows } = await sql<PresenceRow>`
    select distinct on (d.user_id) d.user_id, btrim(p.first_name || ' ' || p.last_name) as name,
      coalesce(${resourceName(companyId, userId, 'r.id')}, d.resource_name, '') as resource_name,
      r.level_id, d.starts_at, d.ends_at, l.timezone, d.status
    from declarations d
    join users p on p.company_id = d.company_id and p.id = d.user_id
    join resources r on r.company_id = d.company_id and r.id = d.resource_id
    join levels l on l.company_id = r.company_id and l.id = r.level_id
    where d.company_id = ${companyId} and d.user_id <> ${userId}
      and d.status in ('booked', 'checked_in') and d.approval_status <> 'rejected'
      and d.starts_at < ${to} and d.ends_at > ${from}
      and d.user_id in (
        select theirs.user_id from user_container_members mine
        join user_container_members theirs
          on theirs.company_id = mine.company_id and theirs.container_id = mine.container_id
        where mine.company_id = ${companyId} and mine.user_id = ${userId})
    order by d.user_id, d.starts_at
    limit 200`.execute(db);
  return rows.sort((a, b) => a.name.localeCompare(b.name));
}
