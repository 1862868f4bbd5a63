import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { ApprovalStatus, DeclarationStatus } from '../../../shared/booking/declaration-rules';
import type { PresetFilters } from '../../../shared/contract/bookings';
import type { Declaration } from '../../../shared/contract/declarations';
import type { ServiceContext } from '../../context';
import type { Database } from '../../db/schema';
import { intArray } from '../declarations';
import {
  parseResources,
  resourceCtes,
  RESOURCES_JSON,
  type CountedResources,
  type PresetResourceOptions,
} from './preset-resources.queries';

type Db = Kysely<Database>;

/** A booking as the list and the grid read it. */
export interface ListedBooking {
  id: number;
  resource_id: number;
  user_id: number;
  starts_at: Date;
  ends_at: Date;
  status: DeclarationStatus;
  approval_status: ApprovalStatus;
  subject: string;
  is_private: boolean;
  source: Declaration['source'];
  cost_cents: number | null;
  currency_code: string | null;
  host_name: string;
}

export interface BookingFilter {
  resourceIds: readonly number[];
  from: Date;
  to: Date;
  statuses: readonly DeclarationStatus[];
  approvalStatuses: readonly ApprovalStatus[];
  /** only the bookings these users host */
  hostIds: readonly number[] | null;
  limit: number;
}

/**
 * The bookings on the resources that overlap the period, with the status filters (none: every
 * status but cancelled), at most `limit` of them by start, and how many there are in all.
 */
export async function bookingsOf(
  db: Db,
  companyId: number,
  filter: BookingFilter,
): Promise<{ bookings: ListedBooking[]; total: number }> {
  if (filter.resourceIds.length === 0) return { bookings: [], total: 0 };
  const { rows } = await sql<{ bookings: string; total: number }>`
    with ${bookingCtes(companyId, filter, sql`= any(${intArray(filter.resourceIds)})`)}
    select ${bookingsJson(companyId)} as bookings, (select count(*)::int from matching) as total`.execute(db);
  return { total: Number(rows[0]!.total), bookings: parseBookings(rows[0]!.bookings) };
}

/** A booking as the grid reads it: a ListedBooking without its cost. */
export type DayBooking = Omit<ListedBooking, 'cost_cents' | 'currency_code'> & {
  /** when auto-release's grace starts, where later than the start (made or approved once under way) */
  grace_from: Date | null;
};

/**
 * The grid's day in one statement: the preset's resources (resourceCtes) and the bookings on them
 * (the resource ids never travel to the database and back), by start.
 */
export async function presetDay(
  db: Db,
  ctx: ServiceContext,
  filters: Pick<PresetFilters, 'levels' | 'resource_types' | 'capacity' | 'resources'>,
  options: PresetResourceOptions,
  filter: Omit<BookingFilter, 'resourceIds'>,
): Promise<CountedResources & { bookings: DayBooking[] }> {
  const { rows } = await sql<{ resources: string; bookings: string }>`
    with recursive ${resourceCtes(ctx, filters, options)},
      ${bookingCtes(ctx.companyId, filter, sql`in (select id from picked)`)}
    select ${RESOURCES_JSON} as resources, ${dayBookingsJson(ctx.companyId)} as bookings`.execute(db);
  return { ...parseResources(rows[0]!.resources), bookings: parseDayBookings(rows[0]!.bookings) };
}

/**
 * The bookings of bookingCtes' first as one JSON text of columns, as RESOURCES_JSON, and their hosts'
 * names once each.
 */
function dayBookingsJson(companyId: number) {
  return sql`(select json_build_array(
      coalesce(array_agg(f.id), '{}'), coalesce(array_agg(f.resource_id), '{}'),
      coalesce(array_agg(f.user_id), '{}'), coalesce(array_agg(extract(epoch from f.starts_at) * 1000), '{}'),
      coalesce(array_agg(extract(epoch from f.ends_at) * 1000), '{}'), coalesce(array_agg(f.status), '{}'),
      coalesce(array_agg(f.approval_status), '{}'), coalesce(array_agg(f.subject), '{}'),
      coalesce(array_agg(f.is_private), '{}'), coalesce(array_agg(f.source), '{}'),
      (select coalesce(json_object_agg(h.id, btrim(h.first_name || ' ' || h.last_name)), '{}')
        from users h where h.company_id = ${companyId} and h.id in (select user_id from first)),
      (select coalesce(json_object_agg(g.id, extract(epoch from g.grace_from) * 1000), '{}')
        from first g where g.grace_from is not null))::text
    from first f)`;
}

function parseDayBookings(text: string): DayBooking[] {
  const [
    ids,
    resourceIds,
    userIds,
    starts,
    ends,
    statuses,
    approvals,
    subjects,
    privates,
    sources,
    hosts,
    graceFrom,
  ] = JSON.parse(text) as [
    number[],
    number[],
    number[],
    number[],
    number[],
    DeclarationStatus[],
    ApprovalStatus[],
    string[],
    boolean[],
    Array<Declaration['source']>,
    Record<string, string>,
    Record<string, number>,
  ];
  // By start and id, first's order (which an aggregate need not keep).
  const order = ids.map((_, index) => index);
  order.sort((a, b) => Number(starts[a]) - Number(starts[b]) || ids[a]! - ids[b]!);
  return order.map((index): DayBooking => ({
    id: ids[index]!,
    resource_id: resourceIds[index]!,
    user_id: userIds[index]!,
    starts_at: new Date(Number(starts[index])),
    ends_at: new Date(Number(ends[index])),
    status: statuses[index]!,
    approval_status: approvals[index]!,
    subject: subjects[index]!,
    is_private: privates[index]!,
    source: sources[index]!,
    host_name: hosts[userIds[index]!]!,
    grace_from: ids[index]! in graceFrom ? new Date(Number(graceFrom[ids[index]!])) : null,
  }));
}

/** The CTEs matching (the bookings on the resources `resourceIn` admits) and first (the first `limit`). */
function bookingCtes(
  companyId: number,
  filter: Omit<BookingFilter, 'resourceIds'>,
  resourceIn: RawBuilder<unknown>,
) {
  const statuses =
    filter.statuses.length > 0
      ? sql`d.status = any(${sql`${[...filter.statuses]}::text[]`})`
      : sql`d.status <> 'cancelled'`;
  return sql`matching as (
      select d.id, d.resource_id, d.user_id, d.starts_at, d.ends_at, d.status, d.approval_status,
        d.subject, d.is_private, d.source, d.cost_cents, d.currency_id,
        -- made or approved once under way: auto-release's grace runs from then (auto-release.ts)
        case when greatest(d.created_at, d.approved_at) > d.starts_at
          then greatest(d.created_at, d.approved_at) end as grace_from
      from declarations d
      where d.company_id = ${companyId} and d.resource_id ${resourceIn}
        and d.period && tstzrange(${filter.from}, ${filter.to}, '[)') and ${statuses}
        ${filter.approvalStatuses.length > 0 ? sql`and d.approval_status = any(${sql`${[...filter.approvalStatuses]}::text[]`})` : sql``}
        ${filter.hostIds !== null ? sql`and d.user_id = any(${sql`${[...filter.hostIds]}::int[]`})` : sql``}
    ),
    first as (select * from matching order by starts_at, id limit ${filter.limit})`;
}

/** The bookings of bookingCtes' first, with their host's name and cost currency, as one JSON text. */
function bookingsJson(companyId: number) {
  return sql`(select coalesce(json_agg(json_build_array(f.id, f.resource_id, f.user_id,
      extract(epoch from f.starts_at) * 1000, extract(epoch from f.ends_at) * 1000, f.status,
      f.approval_status, f.subject, f.is_private, f.source, f.cost_cents, cur.code,
      btrim(h.first_name || ' ' || h.last_name)) order by f.starts_at, f.id), '[]')::text
    from first f
    join users h on h.company_id = ${companyId} and h.id = f.user_id
    left join currencies cur on cur.id = f.currency_id)`;
}

function parseBookings(text: string): ListedBooking[] {
  type Row = [
    number,
    number,
    number,
    number,
    number,
    DeclarationStatus,
    ApprovalStatus,
    string,
    boolean,
    Declaration['source'],
    number | null,
    string | null,
    string,
  ];
  return (JSON.parse(text) as Row[]).map(
    ([
      id,
      resource_id,
      user_id,
      starts,
      ends,
      status,
      approval,
      subject,
      isPrivate,
      source,
      cents,
      code,
      host,
    ]) => ({
      id,
      resource_id,
      user_id,
      starts_at: new Date(Number(starts)),
      ends_at: new Date(Number(ends)),
      status,
      approval_status: approval,
      subject,
      is_private: isPrivate,
      source,
      cost_cents: cents,
      currency_code: code,
      host_name: host,
    }),
  );
}

/** What a user's views read besides the bookings: their zone and the preferences named. */
export async function viewerSettings(
  db: Db,
  ctx: ServiceContext,
  keys: readonly string[],
): Promise<{ timezone: string; preferences: Record<string, string | null> }> {
  const { rows } = await sql<{ timezone: string; preferences: string }>`
    select u.timezone,
      (select coalesce(json_object_agg(c.key, coalesce(p.value, c.value)), '{}')::text
        from company_preferences c
        left join user_preferences p on p.company_id = c.company_id and p.key = c.key and p.user_id = ${ctx.userId}
        where c.company_id = ${ctx.companyId} and c.key = any(${sql`${[...keys]}::text[]`})) as preferences
    from users u where u.company_id = ${ctx.companyId} and u.id = ${ctx.userId}`.execute(db);
  const row = rows[0]!;
  return {
    timezone: row.timezone,
    preferences: JSON.parse(row.preferences) as Record<string, string | null>,
  };
}

/** Whether the user is a member of the company (a host must be). */
export async function companyUserExists(db: Db, companyId: number, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('company_id', '=', companyId)
    .where('id', '=', userId)
    .where('is_visitor', '=', false)
    .executeTakeFirst();
  return row !== undefined;
}

/** The roles each resource is kept for (none: anyone) and the user's roles, in one statement. */
export async function rolesOf(
  db: Db,
  companyId: number,
  resourceIds: readonly number[],
  userId: number,
): Promise<{ allowed: Map<number, number[]>; mine: number[] }> {
  const { rows } = await sql<{ allowed: string; mine: number[] | null }>`
    select
      (select coalesce(json_object_agg(resource_id, roles), '{}')::text from (
        select resource_id, array_agg(role_id) as roles from resource_roles
        where company_id = ${companyId} and resource_id = any(${intArray(resourceIds)})
        group by resource_id) kept) as allowed,
      (select array_agg(cr.role_id) from user_container_members m
        join user_container_roles cr on cr.company_id = m.company_id and cr.container_id = m.container_id
        where m.company_id = ${companyId} and m.user_id = ${userId}) as mine`.execute(db);
  const allowed = JSON.parse(rows[0]!.allowed) as Record<string, number[]>;
  return {
    allowed: new Map(Object.entries(allowed).map(([id, roles]) => [Number(id), roles])),
    mine: rows[0]!.mine ?? [],
  };
}

/** The resource's price per hour and its currency's code, when its 'currency' function is active. */
export async function priceWithCode(
  db: Db,
  companyId: number,
  resourceId: number,
): Promise<{ price_cents: number; currency: string } | null> {
  const { rows } = await sql<{ price_cents: number; currency: string }>`
    select f.price_cents, cur.code as currency from resource_functions f
    join currencies cur on cur.id = f.currency_id
    where f.company_id = ${companyId} and f.resource_id = ${resourceId} and f.function_key = 'currency'
      and f.active and f.price_cents is not null`.execute(db);
  return rows[0] ?? null;
}
