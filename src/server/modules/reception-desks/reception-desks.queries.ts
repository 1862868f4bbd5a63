import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/schema';

export interface DeskRow {
  id: number;
  name: string;
  level_id: number | null;
  level_name: string | null;
  parent_id: number | null;
  parent_name: string | null;
  user_container_id: number | null;
  user_container_name: string | null;
  language_id: number | null;
  locale: string;
  working_hours_from: string;
  working_hours_to: string;
  timezone: string;
  kiosk_code: string;
  device_template_id: number | null;
}

/**
 * A reception desk's name in a language, else the company's, else any (`desk` is the SQL alias of
 * a reception_desks row). Used by every module that shows a desk.
 */
export function deskName(companyId: number, languageId: number | null, desk = 'd'): RawBuilder<string> {
  return sql<string>`coalesce((select t.name from reception_desk_translations t
    where t.company_id = ${companyId} and t.reception_desk_id = ${sql.ref(`${desk}.id`)}
    order by t.language_id = ${languageId} desc,
      t.language_id = (select language_id from companies where id = ${companyId}) desc, t.language_id
    limit 1), '#' || ${sql.ref(`${desk}.id`)})`;
}

function levelName(companyId: number, languageId: number | null): RawBuilder<string | null> {
  return sql<string | null>`(select t.name from level_translations t
    where t.company_id = ${companyId} and t.level_id = d.level_id
    order by t.language_id = ${languageId} desc, t.language_id limit 1)`;
}

/** The desks of a company (or one of them), named in `languageId`. */
export async function deskRows(
  db: Kysely<Database>,
  companyId: number,
  languageId: number | null,
  id?: number,
): Promise<DeskRow[]> {
  const { rows } = await sql<DeskRow>`
    select d.id, ${deskName(companyId, languageId)} as name,
      d.level_id, ${levelName(companyId, languageId)} as level_name,
      d.parent_id, case when d.parent_id is null then null else ${deskName(companyId, languageId, 'p')} end as parent_name,
      d.user_container_id, uc.name as user_container_name,
      d.language_id, coalesce(dl.locale, cl.locale) as locale,
      d.working_hours_from, d.working_hours_to, coalesce(lv.timezone, c.timezone) as timezone, d.kiosk_code,
      d.device_template_id
    from reception_desks d
    join companies c on c.id = d.company_id
    join languages cl on cl.id = c.language_id
    left join languages dl on dl.id = d.language_id
    left join reception_desks p on p.company_id = d.company_id and p.id = d.parent_id
    left join user_containers uc on uc.company_id = d.company_id and uc.id = d.user_container_id
    left join levels lv on lv.company_id = d.company_id and lv.id = d.level_id
    where d.company_id = ${companyId} ${id === undefined ? sql`` : sql`and d.id = ${id}`}
    order by name, d.id`.execute(db);
  return rows;
}

export async function translationsOf(db: Kysely<Database>, companyId: number, deskIds: readonly number[]) {
  if (deskIds.length === 0) return [];
  return db
    .selectFrom('reception_desk_translations as t')
    .innerJoin('languages as l', 'l.id', 't.language_id')
    .select(['t.reception_desk_id', 't.language_id', 'l.locale', 't.name'])
    .where('t.company_id', '=', companyId)
    .where('t.reception_desk_id', 'in', deskIds)
    .orderBy('t.language_id')
    .execute();
}

export async function allowedContainersOf(
  db: Kysely<Database>,
  companyId: number,
  deskIds: readonly number[],
) {
  if (deskIds.length === 0) return [];
  return db
    .selectFrom('reception_desk_allowed_containers as a')
    .innerJoin('user_containers as c', (join) =>
      join.onRef('c.company_id', '=', 'a.company_id').onRef('c.id', '=', 'a.container_id'),
    )
    .select(['a.reception_desk_id', 'c.id', 'c.name'])
    .where('a.company_id', '=', companyId)
    .where('a.reception_desk_id', 'in', deskIds)
    .orderBy('c.name')
    .execute();
}

/** The desk and every desk below it (its children, theirs, ...). */
export async function deskAndDescendants(
  db: Kysely<Database>,
  companyId: number,
  id: number,
): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`
    with recursive below(id) as (
      select ${id}::int
      union select d.id from reception_desks d join below b on d.parent_id = b.id where d.company_id = ${companyId}
    ) select id from below`.execute(db);
  return rows.map((row) => row.id);
}

/** The ids among `ids` that are user containers of the company (access type USER). */
export async function userContainerIds(db: Kysely<Database>, companyId: number, ids: readonly number[]) {
  if (ids.length === 0) return new Set<number>();
  const rows = await db
    .selectFrom('user_containers')
    .select('id')
    .where('company_id', '=', companyId)
    .where('access_type', '=', 'USER')
    .where('id', 'in', ids)
    .execute();
  return new Set(rows.map((row) => row.id));
}

export async function callerLanguage(db: Kysely<Database>, companyId: number, userId: number) {
  const row = await db
    .selectFrom('users')
    .select('language_id')
    .where('company_id', '=', companyId)
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.language_id ?? null;
}
