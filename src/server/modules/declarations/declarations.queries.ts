import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/schema';
import type { ServiceContext } from '../../context';
import { generalPermissionsOf } from '../../permissions/resolve';

type Db = Kysely<Database>;

export const intArray = (values: readonly number[]): RawBuilder<number[]> => sql`${[...values]}::int[]`;
export const textArray = (values: readonly string[]): RawBuilder<string[]> => sql`${[...values]}::text[]`;

/**
 * The name a user reads of a resource or level: in their language, else the company's, else the
 * first there is. The two language look-ups do not depend on the row: PostgreSQL runs them once.
 */
export function nameInUserLanguage(
  companyId: number,
  userId: number,
  of: 'resource' | 'level',
  id: RawBuilder<unknown>,
): RawBuilder<string | null> {
  const table = of === 'resource' ? sql`resource_translations` : sql`level_translations`;
  const column = of === 'resource' ? sql`resource_id` : sql`level_id`;
  return sql<string | null>`(select t.name from ${table} t
    where t.company_id = ${companyId} and t.${column} = ${id}
    order by t.language_id = (select language_id from users where company_id = ${companyId} and id = ${userId}) desc,
      t.language_id = (select language_id from companies where id = ${companyId}) desc, t.language_id
    limit 1)`;
}

/** Bookings that hold their resource: the exclusion constraint's WHERE, for reads. */
export const HOLDS = sql`d.status in ('booked', 'checked_in') and d.approval_status <> 'rejected'`;

/** spec §2 capacity for a time: the capacity a date capacity sets for `date`, per resource. */
export async function dateCapacities(
  db: Db,
  companyId: number,
  resourceIds: readonly number[],
  date: string,
): Promise<Map<number, number>> {
  if (resourceIds.length === 0) return new Map();
  const { rows } = await sql<{ resource_id: number; capacity: number }>`
    select resource_id, capacity from resource_date_capacities
    where company_id = ${companyId} and resource_id = any(${intArray(resourceIds)})
      and date_from <= ${date}::date and date_to >= ${date}::date`.execute(db);
  return new Map(rows.map((row) => [row.resource_id, row.capacity]));
}

/** Preference texts as the user reads them: their own value where set, else the company's. */
export async function preferenceTexts(
  db: Db,
  companyId: number,
  userId: number,
  keys: readonly string[],
): Promise<Record<string, string | null>> {
  const { rows } = await sql<{ key: string; value: string | null }>`
    select c.key, coalesce(u.value, c.value) as value
    from company_preferences c
    left join user_preferences u on u.company_id = c.company_id and u.key = c.key and u.user_id = ${userId}
    where c.company_id = ${companyId} and c.key = any(${textArray(keys)})`.execute(db);
  return Object.fromEntries(rows.map((row) => [row.key, row.value]));
}

/** The roles that may book the resource (none: everyone who may use the plan) and the user's roles. */
export async function bookingRoles(db: Db, companyId: number, resourceId: number, userId: number) {
  const { rows } = await sql<{ allowed: number[] | null; mine: number[] | null }>`
    select
      (select array_agg(role_id) from resource_roles
        where company_id = ${companyId} and resource_id = ${resourceId}) as allowed,
      (select array_agg(cr.role_id) from user_container_members m
        join user_container_roles cr on cr.company_id = m.company_id and cr.container_id = m.container_id
        where m.company_id = ${companyId} and m.user_id = ${userId}) as mine`.execute(db);
  return { allowed: rows[0]?.allowed ?? [], mine: rows[0]?.mine ?? [] };
}

/** The 'currency' function of a resource when active and priced. */
export async function priceOf(db: Db, companyId: number, resourceId: number) {
  const { rows } = await sql<{ currency_id: number; price_cents: number }>`
    select currency_id, price_cents from resource_functions
    where company_id = ${companyId} and resource_id = ${resourceId} and function_key = 'currency'
      and active and currency_id is not null and price_cents is not null`.execute(db);
  return rows[0] ?? null;
}

/**
 * The personal places (see countsTowardsLimit) a user holds between two instants, other than
 * `exceptResourceId`: the per-user limit counts different resources, not bookings.
 */
export async function heldPlaces(
  db: Db,
  companyId: number,
  userId: number,
  from: Date,
  to: Date,
  exceptResourceId: number,
): Promise<number> {
  const { rows } = await sql<{
    count: string | number;
  }>`${heldPlacesCount(companyId, userId, from, to, exceptResourceId)}`.execute(db);
  return Number(rows[0]?.count ?? 0);
}

/** The places (distinct resources that count towards the per-user limit) a user holds in a period. */
export function heldPlacesCount(
  companyId: number,
  userId: number,
  from: Date,
  to: Date,
  exceptResourceId: number,
) {
  return sql`
    select count(distinct d.resource_id) as count from declarations d
    join resources r on r.company_id = d.company_id and r.id = d.resource_id
    where d.company_id = ${companyId} and d.user_id = ${userId} and ${HOLDS}
      and d.starts_at < ${to} and d.ends_at > ${from} and d.resource_id <> ${exceptResourceId}
      and (r.resource_capacity_type = 'shared' or r.capacity <= 1)`;
}

/**
 * The context a booking for `hostId` is checked in: the host's own permissions (their per-user
 * limit), whoever asks for it.
 */
export async function hostContext(db: Db, ctx: ServiceContext, hostId: number): Promise<ServiceContext> {
  if (hostId === ctx.userId) return ctx;
  return { ...ctx, userId: hostId, permissions: await generalPermissionsOf(db, ctx.companyId, hostId) };
}

/** Serialises one user's bookings: two requests cannot both pass the per-user limit. */
export async function lockUser(db: Db, companyId: number, userId: number): Promise<void> {
  await sql`select id from users where company_id = ${companyId} and id = ${userId} for no key update`.execute(
    db,
  );
}

/** A booking counts as a visit of its level for the location picker's frequent list (spec §2). */
export async function countVisit(db: Db, companyId: number, userId: number, levelId: number): Promise<void> {
  await sql`
    insert into level_visits (company_id, user_id, level_id, visits, last_visit_at)
    values (${companyId}, ${userId}, ${levelId}, 1, now())
    on conflict (company_id, user_id, level_id)
    do update set visits = level_visits.visits + 1, last_visit_at = now()`.execute(db);
}
