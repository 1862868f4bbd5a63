import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export interface LevelRow {
  id: number;
  parent_id: number | null;
  kind: 'site' | 'building' | 'floor' | 'zone';
  timezone: string;
  country_id: number | null;
  working_hours_from: string;
  working_hours_to: string;
  is_default: boolean;
  is_declarable: boolean;
  is_directly_declarable: boolean;
  map_id: number | null;
  position: number;
  /** ids from the top level down to this one (itself last) */
  ancestry: number[];
}

/**
 * Every level of the company with its ancestry, walked from the top levels down with a recursive
 * CTE. The guard on the ancestry keeps the walk finite even if a cycle ever slipped in.
 */
export async function companyTree(db: Kysely<Database>, companyId: number): Promise<LevelRow[]> {
  const { rows } = await sql<LevelRow>`
    with recursive tree as (
      select l.id, array[l.id] as ancestry
      from levels l
      where l.company_id = ${companyId} and l.parent_id is null
      union all
      select c.id, t.ancestry || c.id
      from levels c
      join tree t on c.parent_id = t.id
      where c.company_id = ${companyId} and not c.id = any (t.ancestry)
    )
    select l.id, l.parent_id, l.kind, l.timezone, l.country_id,
      to_char(l.working_hours_from, 'HH24:MI') as working_hours_from,
      to_char(l.working_hours_to, 'HH24:MI') as working_hours_to,
      l.is_default, l.is_declarable, l.is_directly_declarable, l.map_id, l.position, t.ancestry
    from tree t
    join levels l on l.company_id = ${companyId} and l.id = t.id
    order by l.position, l.id
  `.execute(db);
  return rows;
}

/** The ids from `levelId` up to its top level (itself first). */
export async function ancestorsOf(
  db: Kysely<Database>,
  companyId: number,
  levelId: number,
): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`
    with recursive up as (
      select id, parent_id, 1 as depth from levels where company_id = ${companyId} and id = ${levelId}
      union all
      select p.id, p.parent_id, u.depth + 1
      from levels p join up u on p.id = u.parent_id
      where p.company_id = ${companyId} and u.depth < 10000
    )
    select id from up order by depth
  `.execute(db);
  return rows.map((row) => row.id);
}

export function translationsOf(db: Kysely<Database>, companyId: number, levelIds?: readonly number[]) {
  let query = db
    .selectFrom('level_translations as t')
    .innerJoin('languages as g', 'g.id', 't.language_id')
    .select(['t.level_id', 't.language_id', 'g.locale', 't.name'])
    .where('t.company_id', '=', companyId);
  if (levelIds) {
    if (levelIds.length === 0) return Promise.resolve([]);
    query = query.where('t.level_id', 'in', levelIds);
  }
  return query.orderBy('t.level_id').orderBy('t.language_id').execute();
}

export async function favoriteIds(
  db: Kysely<Database>,
  companyId: number,
  userId: number,
): Promise<Set<number>> {
  const rows = await db
    .selectFrom('level_favorites')
    .select('level_id')
    .where('company_id', '=', companyId)
    .where('user_id', '=', userId)
    .execute();
  return new Set(rows.map((row) => row.level_id));
}

/** The user's most visited levels, most visited first. */
export async function frequentIds(
  db: Kysely<Database>,
  companyId: number,
  userId: number,
  limit: number,
): Promise<number[]> {
  const rows = await db
    .selectFrom('level_visits')
    .select('level_id')
    .where('company_id', '=', companyId)
    .where('user_id', '=', userId)
    .where('visits', '>', 0)
    .orderBy('visits', 'desc')
    .orderBy('last_visit_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => row.level_id);
}

/** The language a user reads names in, and the company's as the fallback. */
/**
 * Serialises every change to one company's level tree: two concurrent moves cannot each pass the
 * cycle check against a tree the other is changing, and two inserts cannot both pass the
 * unique-name check. Held until the transaction ends.
 */
export async function lockCompanyLevels(db: Kysely<Database>, companyId: number): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext('workplace.levels'), ${companyId})`.execute(db);
}

export function levelById(db: Kysely<Database>, companyId: number, id: number) {
  return db
    .selectFrom('levels')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/**
 * The candidate names (by their index in `candidates`) that another level under the same parent
 * already uses in that language, trimmed and ignoring case. Both sides are folded by the database's
 * lower(): JavaScript folds some letters otherwise (the Greek final sigma), which let duplicates by.
 */
export async function siblingNamesTaken(
  db: Kysely<Database>,
  companyId: number,
  parentId: number | null,
  exceptId: number | null,
  candidates: ReadonlyArray<{ language_id: number; name: string }>,
): Promise<Set<number>> {
  if (candidates.length === 0) return new Set();
  const { rows } = await sql<{ index: number }>`
    select (c.ord - 1)::int as index
    from unnest(${candidates.map((entry) => entry.name)}::text[], ${candidates.map((entry) => entry.language_id)}::int[])
      with ordinality as c(name, language_id, ord)
    where exists (
      select 1 from level_translations t
      join levels l on l.company_id = t.company_id and l.id = t.level_id
      where t.company_id = ${companyId} and t.language_id = c.language_id
        and lower(btrim(t.name)) = lower(btrim(c.name))
        and ${parentId === null ? sql`l.parent_id is null` : sql`l.parent_id = ${parentId}`}
        ${exceptId !== null ? sql`and l.id <> ${exceptId}` : sql``})`.execute(db);
  return new Set(rows.map((row) => row.index));
}

export async function existingIds(db: Kysely<Database>, companyId: number, ids: readonly number[]) {
  if (ids.length === 0) return new Set<number>();
  const rows = await db
    .selectFrom('levels')
    .select('id')
    .where('company_id', '=', companyId)
    .where('id', 'in', ids)
    .forUpdate()
    .execute();
  return new Set(rows.map((row) => row.id));
}
