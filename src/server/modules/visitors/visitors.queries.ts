import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Visit, VisitGroup, VisitStatus } from '../../../shared/contract/visitors';
import type { Database } from '../../db/schema';
import { deskName } from '../reception-desks';

/** A visit as the lists show it, with the desk's zone and the bounds of its today. */
export interface VisitRow {
  id: number;
  visitor_id: number;
  visitor_name: string;
  visitor_first_name: string;
  visitor_email: string;
  visitor_company: string;
  visitor_host_id: number | null;
  visitor_created_by: number | null;
  reception_desk_id: number;
  reception_desk_name: string;
  host_id: number | null;
  host_name: string | null;
  host_email: string | null;
  created_by: number | null;
  starts_at: Date;
  ends_at: Date;
  status: VisitStatus;
  group_key: string | null;
  code: string;
  checked_in_at: Date | null;
  checked_out_at: Date | null;
  documents_accepted_at: Date | null;
  timezone: string;
  locale: string;
  company_name: string;
  is_today: boolean;
}

const personName = (alias: string) =>
  sql<string>`coalesce(nullif(btrim(${sql.ref(`${alias}.first_name`)} || ' ' || ${sql.ref(`${alias}.last_name`)}), ''), ${sql.ref(`${alias}.email`)})`;

export interface VisitFilter {
  id?: number;
  ids?: readonly number[];
  deskId?: number;
  visitorIds?: readonly number[];
  group?: VisitGroup;
  query?: string;
  /** only visits this user hosts or created, or whose visitor they host */
  ownedBy?: number;
  /** only visits of visitors with this e-mail (spec §2 /my-visits) */
  visitorEmail?: string;
  code?: string;
}

function groupCondition(group: VisitGroup): RawBuilder<boolean> {
  switch (group) {
    case 'today':
      return sql`v.starts_at < z.day_end and v.ends_at > z.day_start`;
    case 'past':
      return sql`v.ends_at <= z.day_start`;
    case 'future':
      return sql`v.starts_at >= z.day_end`;
  }
}

/** Visits of a company, named in `languageId`, soonest first (past ones latest first). */
export async function visitRows(
  db: Kysely<Database>,
  companyId: number,
  languageId: number | null,
  filter: VisitFilter,
): Promise<VisitRow[]> {
  const where: RawBuilder<unknown>[] = [sql`v.company_id = ${companyId}`];
  if (filter.id !== undefined) where.push(sql`v.id = ${filter.id}`);
  if (filter.ids) where.push(filter.ids.length ? sql`v.id in (${sql.join(filter.ids)})` : sql`false`);
  if (filter.deskId !== undefined) where.push(sql`v.reception_desk_id = ${filter.deskId}`);
  if (filter.visitorIds)
    where.push(filter.visitorIds.length ? sql`v.visitor_id in (${sql.join(filter.visitorIds)})` : sql`false`);
  if (filter.group) where.push(groupCondition(filter.group));
  if (filter.code !== undefined) where.push(sql`v.code = ${filter.code}`);
  if (filter.ownedBy !== undefined)
    where.push(
      sql`(v.host_id = ${filter.ownedBy} or v.created_by = ${filter.ownedBy} or p.host_id = ${filter.ownedBy} or p.created_by = ${filter.ownedBy})`,
    );
  if (filter.visitorEmail !== undefined)
    where.push(sql`p.email <> '' and lower(p.email) = lower(${filter.visitorEmail})`);
  if (filter.query) {
    const like = `%${filter.query.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
    where.push(
      sql`(${personName('p')} ilike ${like} or p.email ilike ${like} or p.visitor_company ilike ${like})`,
    );
  }
  const { rows } = await sql<VisitRow>`
    select v.id, v.visitor_id, ${personName('p')} as visitor_name, p.first_name as visitor_first_name,
      p.email as visitor_email, p.visitor_company, p.host_id as visitor_host_id,
      p.created_by as visitor_created_by,
      v.reception_desk_id, ${deskName(companyId, languageId)} as reception_desk_name,
      v.host_id, case when h.id is null then null else ${personName('h')} end as host_name, h.email as host_email,
      v.created_by, v.starts_at, v.ends_at, v.status, v.group_key::text as group_key, v.code,
      v.checked_in_at, v.checked_out_at, z.tz as timezone,
      (select max(x.accepted_at) from visit_document_acceptances x
        where x.company_id = v.company_id and x.visit_id = v.id) as documents_accepted_at, coalesce(dl.locale, cl.locale) as locale,
      c.name as company_name, (v.starts_at < z.day_end and v.ends_at > z.day_start) as is_today
    from visits v
    join visitors p on p.company_id = v.company_id and p.id = v.visitor_id
    join reception_desks d on d.company_id = v.company_id and d.id = v.reception_desk_id
    join companies c on c.id = v.company_id
    join languages cl on cl.id = c.language_id
    left join languages dl on dl.id = coalesce(p.language_id, d.language_id)
    left join levels lv on lv.company_id = d.company_id and lv.id = d.level_id
    left join users h on h.company_id = v.company_id and h.id = v.host_id
    cross join lateral (select coalesce(lv.timezone, c.timezone) as tz) zone
    cross join lateral (select zone.tz,
      date_trunc('day', now() at time zone zone.tz) at time zone zone.tz as day_start,
      (date_trunc('day', now() at time zone zone.tz) + interval '1 day') at time zone zone.tz as day_end) z
    where ${sql.join(where, sql` and `)}
    order by ${filter.group === 'past' ? sql`v.starts_at desc` : sql`v.starts_at`}, v.id
    limit 500`.execute(db);
  return rows;
}

const iso = (date: Date | null) => (date ? new Date(date).toISOString() : null);

export function presentVisit(row: VisitRow): Visit {
  return {
    id: row.id,
    visitor_id: row.visitor_id,
    visitor_name: row.visitor_name,
    visitor_email: row.visitor_email,
    visitor_company: row.visitor_company,
    reception_desk_id: row.reception_desk_id,
    reception_desk_name: row.reception_desk_name,
    host_id: row.host_id,
    host_name: row.host_name,
    starts_at: iso(row.starts_at)!,
    ends_at: iso(row.ends_at)!,
    status: row.status,
    group_key: row.group_key,
    checked_in_at: iso(row.checked_in_at),
    checked_out_at: iso(row.checked_out_at),
    documents_accepted_at: iso(row.documents_accepted_at),
  };
}

export interface VisitorRow {
  id: number;
  reception_desk_id: number;
  reception_desk_name: string;
  host_id: number | null;
  host_name: string | null;
  first_name: string;
  last_name: string;
  name: string;
  email: string;
  phone: string;
  visitor_company: string;
  disability: string;
  language_id: number | null;
  created_by: number | null;
}

export async function visitorRows(
  db: Kysely<Database>,
  companyId: number,
  languageId: number | null,
  filter: { ids?: readonly number[]; ownedBy?: number; email?: string },
): Promise<VisitorRow[]> {
  const where: RawBuilder<unknown>[] = [sql`p.company_id = ${companyId}`, sql`p.anonymised_at is null`];
  if (filter.ids) where.push(filter.ids.length ? sql`p.id in (${sql.join(filter.ids)})` : sql`false`);
  if (filter.ownedBy !== undefined)
    where.push(sql`(p.host_id = ${filter.ownedBy} or p.created_by = ${filter.ownedBy} or exists (
      select 1 from visits v where v.company_id = p.company_id and v.visitor_id = p.id
        and (v.host_id = ${filter.ownedBy} or v.created_by = ${filter.ownedBy})))`);
  if (filter.email !== undefined) where.push(sql`p.email <> '' and lower(p.email) = lower(${filter.email})`);
  const { rows } = await sql<VisitorRow>`
    select p.id, p.reception_desk_id, ${deskName(companyId, languageId)} as reception_desk_name,
      p.host_id, case when h.id is null then null else ${personName('h')} end as host_name,
      p.first_name, p.last_name, ${personName('p')} as name, p.email, p.phone, p.visitor_company,
      p.disability, p.language_id, p.created_by
    from visitors p
    join reception_desks d on d.company_id = p.company_id and d.id = p.reception_desk_id
    left join users h on h.company_id = p.company_id and h.id = p.host_id
    where ${sql.join(where, sql` and `)}
    order by name, p.id
    limit 500`.execute(db);
  return rows;
}

export async function containersOf(db: Kysely<Database>, companyId: number, visitorIds: readonly number[]) {
  if (visitorIds.length === 0) return [];
  return db
    .selectFrom('visitor_containers as m')
    .innerJoin('user_containers as c', (join) =>
      join.onRef('c.company_id', '=', 'm.company_id').onRef('c.id', '=', 'm.container_id'),
    )
    .select(['m.visitor_id', 'c.id', 'c.name'])
    .where('m.company_id', '=', companyId)
    .where('m.visitor_id', 'in', visitorIds)
    .orderBy('c.name')
    .execute();
}

/** The desk's fixed user container and the containers its visitors may join. */
export async function deskRules(db: Kysely<Database>, companyId: number, deskId: number) {
  const desk = await db
    .selectFrom('reception_desks')
    .select(['id', 'user_container_id'])
    .where('company_id', '=', companyId)
    .where('id', '=', deskId)
    .executeTakeFirst();
  if (!desk) return null;
  const allowed = await db
    .selectFrom('reception_desk_allowed_containers')
    .select('container_id')
    .where('company_id', '=', companyId)
    .where('reception_desk_id', '=', deskId)
    .execute();
  return { fixed: desk.user_container_id, allowed: new Set(allowed.map((row) => row.container_id)) };
}

export async function isCompanyUser(
  db: Kysely<Database>,
  companyId: number,
  userId: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('company_id', '=', companyId)
    .where('id', '=', userId)
    .where('is_visitor', '=', false)
    .where('stands_for_removed', '=', false)
    .executeTakeFirst();
  return row !== undefined;
}
