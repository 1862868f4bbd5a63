import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * Resource types and resource attributes are the same shape: a row with a key and an icon, and a
 * name per language in a translations table. These queries serve both, named by a descriptor; the
 * table and column names come from code, never from a request.
 */
export interface CatalogueTables {
  table: 'resource_types' | 'resource_attributes';
  translations: 'resource_type_translations' | 'resource_attribute_translations';
  owner: 'resource_type_id' | 'resource_attribute_id';
  /** columns beyond id, key and icon (resource types: is_bookable) */
  extra: readonly string[];
}

/** The two catalogues' tables. */
export const CATALOGUE_TABLES = {
  resource_types: {
    table: 'resource_types',
    translations: 'resource_type_translations',
    owner: 'resource_type_id',
    extra: ['is_bookable'],
  },
  resource_attributes: {
    table: 'resource_attributes',
    translations: 'resource_attribute_translations',
    owner: 'resource_attribute_id',
    extra: [],
  },
} as const satisfies Record<string, CatalogueTables>;

export interface Languages {
  user: number;
  company: number;
  english: number | null;
}

export interface CatalogueRow {
  id: number;
  key: string;
  icon: string | null;
  name: string | null;
  [extra: string]: unknown;
}

export interface TranslationRow {
  owner_id: number;
  language_id: number;
  locale: string;
  name: string;
}

type Db = Kysely<Database>;

/** The user's language, the company's, and English: the order names are answered in. */
export async function languagesOf(db: Db, companyId: number, userId: number): Promise<Languages> {
  const row = await db
    .selectFrom('users as u')
    .innerJoin('companies as c', 'c.id', 'u.company_id')
    .select((eb) => [
      'u.language_id as user',
      'c.language_id as company',
      eb.selectFrom('languages').select('id').where('code', '=', 'en').as('english'),
    ])
    .where('u.id', '=', userId)
    .where('c.id', '=', companyId)
    .executeTakeFirstOrThrow();
  return row;
}

/** The name of row `r` a user reads: theirs, English, the company's, else the first. */
const shownName = (t: CatalogueTables, languages: Languages) =>
  sql`(select t.name from ${sql.table(t.translations)} t
        where t.company_id = r.company_id and t.${sql.ref(t.owner)} = r.id
        order by t.language_id = ${languages.user} desc,
                 t.language_id = ${languages.english ?? 0} desc,
                 t.language_id = ${languages.company} desc,
                 t.language_id
        limit 1)`;

const columns = (t: CatalogueTables, languages: Languages, extra = t.extra) =>
  sql.join([
    sql.ref('r.id'),
    sql.ref('r.key'),
    sql.ref('r.icon'),
    ...extra.map((column) => sql.ref(`r.${column}`)),
    sql`${shownName(t, languages)} as name`,
  ]);

/** `%text%` for LIKE, with the wildcards of the text taken literally. */
const containing = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const matches = (t: CatalogueTables, query: string | undefined) =>
  query && query.trim() !== ''
    ? sql`and exists (select 1 from ${sql.table(t.translations)} s
            where s.company_id = r.company_id and s.${sql.ref(t.owner)} = r.id
              and lower(s.name) like ${containing(query.trim())} escape '\\')`
    : sql``;

export async function countRows(db: Db, t: CatalogueTables, companyId: number, query?: string) {
  const { rows } = await sql<{ total: string | number }>`
    select count(*) as total from ${sql.table(t.table)} r
    where r.company_id = ${companyId} ${matches(t, query)}`.execute(db);
  return Number(rows[0]?.total ?? 0);
}

/** A page of rows sorted by their shown name; all of them when limit is null. */
export async function selectRows(
  db: Db,
  t: CatalogueTables,
  companyId: number,
  languages: Languages,
  { query, limit, offset = 0 }: { query?: string; limit: number | null; offset?: number },
): Promise<CatalogueRow[]> {
  const { rows } = await sql<CatalogueRow>`
    select ${columns(t, languages)} from ${sql.table(t.table)} r
    where r.company_id = ${companyId} ${matches(t, query)}
    order by lower(${shownName(t, languages)}), r.id
    ${limit === null ? sql`` : sql`limit ${limit} offset ${offset}`}`.execute(db);
  return rows;
}

/** Every row of the company with the name a user reads (the lookups resources are answered with). */
export async function catalogueNames(
  db: Db,
  t: CatalogueTables,
  companyId: number,
  languages: Languages,
): Promise<Array<{ id: number; key: string; icon: string | null; name: string | null }>> {
  const { rows } = await sql<{ id: number; key: string; icon: string | null; name: string | null }>`
    select ${columns(t, languages, [])} from ${sql.table(t.table)} r
    where r.company_id = ${companyId}`.execute(db);
  return rows;
}

export async function selectRow(
  db: Db,
  t: CatalogueTables,
  companyId: number,
  languages: Languages,
  id: number,
): Promise<CatalogueRow | null> {
  const { rows } = await sql<CatalogueRow>`
    select ${columns(t, languages)} from ${sql.table(t.table)} r
    where r.company_id = ${companyId} and r.id = ${id}`.execute(db);
  return rows[0] ?? null;
}

export async function selectTranslations(
  db: Db,
  t: CatalogueTables,
  companyId: number,
  ids: readonly number[],
): Promise<TranslationRow[]> {
  if (ids.length === 0) return [];
  const { rows } = await sql<TranslationRow>`
    select t.${sql.ref(t.owner)} as owner_id, t.language_id, l.locale, t.name
    from ${sql.table(t.translations)} t join languages l on l.id = t.language_id
    where t.company_id = ${companyId} and t.${sql.ref(t.owner)} in (${sql.join(ids)})
    order by t.language_id`.execute(db);
  return rows;
}

export async function keyTaken(
  db: Db,
  t: CatalogueTables,
  companyId: number,
  key: string,
  exceptId?: number,
) {
  const { rows } = await sql<{ id: number }>`
    select id from ${sql.table(t.table)}
    where company_id = ${companyId} and key = ${key} ${exceptId ? sql`and id <> ${exceptId}` : sql``}
    limit 1`.execute(db);
  return rows.length > 0;
}

export async function keysLike(db: Db, t: CatalogueTables, companyId: number, prefix: string) {
  const { rows } = await sql<{ key: string }>`
    select key from ${sql.table(t.table)}
    where company_id = ${companyId} and key like ${`${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`} escape '\\'`.execute(
    db,
  );
  return new Set(rows.map((row) => row.key));
}

/** The (language, name) pairs already used by another row of the company, compared without case. */
export async function takenNames(
  db: Db,
  t: CatalogueTables,
  companyId: number,
  names: readonly { language_id: number; name: string }[],
  exceptId?: number,
): Promise<Array<{ language_id: number; name: string }>> {
  if (names.length === 0) return [];
  const pairs = sql.join(
    names.map(
      (entry) => sql`(t.language_id = ${entry.language_id} and lower(t.name) = ${entry.name.toLowerCase()})`,
    ),
    sql` or `,
  );
  const { rows } = await sql<{ language_id: number; name: string }>`
    select t.language_id, t.name from ${sql.table(t.translations)} t
    where t.company_id = ${companyId} ${exceptId ? sql`and t.${sql.ref(t.owner)} <> ${exceptId}` : sql``}
      and (${pairs})`.execute(db);
  return rows;
}

export async function insertRow(
  db: Db,
  t: CatalogueTables,
  companyId: number,
  values: Record<string, unknown>,
): Promise<number> {
  const names = Object.keys(values);
  const { rows } = await sql<{ id: number }>`
    insert into ${sql.table(t.table)} (company_id, ${sql.join(names.map((name) => sql.ref(name)))})
    values (${companyId}, ${sql.join(names.map((name) => values[name]))})
    returning id`.execute(db);
  return rows[0]!.id;
}

export async function updateRow(
  db: Db,
  t: CatalogueTables,
  companyId: number,
  id: number,
  values: Record<string, unknown>,
): Promise<boolean> {
  const sets = Object.entries(values).map(([name, value]) => sql`${sql.ref(name)} = ${value}`);
  const { rows } = await sql<{ id: number }>`
    update ${sql.table(t.table)} set ${sets.length > 0 ? sql.join(sets) : sql`id = id`}
    where company_id = ${companyId} and id = ${id}
    returning id`.execute(db);
  return rows.length > 0;
}

export async function replaceTranslations(
  db: Db,
  t: CatalogueTables,
  companyId: number,
  id: number,
  names: readonly { language_id: number; name: string }[],
): Promise<void> {
  await sql`delete from ${sql.table(t.translations)}
    where company_id = ${companyId} and ${sql.ref(t.owner)} = ${id}`.execute(db);
  if (names.length === 0) return;
  await sql`insert into ${sql.table(t.translations)} (company_id, ${sql.ref(t.owner)}, language_id, name)
    values ${sql.join(names.map((entry) => sql`(${companyId}, ${id}, ${entry.language_id}, ${entry.name})`))}`.execute(
    db,
  );
}

export async function deleteRow(db: Db, t: CatalogueTables, companyId: number, id: number): Promise<boolean> {
  const { rows } = await sql<{ id: number }>`
    delete from ${sql.table(t.table)} where company_id = ${companyId} and id = ${id} returning id`.execute(
    db,
  );
  return rows.length > 0;
}

/** Whether a table exists yet (the tables that will reference the catalogue come in later migrations). */
export async function tableExists(db: Db, table: string): Promise<boolean> {
  const { rows } = await sql<{ found: string | null }>`select to_regclass(${table})::text as found`.execute(
    db,
  );
  return rows[0]?.found != null;
}

export async function isReferenced(db: Db, table: string, column: string, companyId: number, id: number) {
  const { rows } = await sql`select 1 from ${sql.table(table)}
    where company_id = ${companyId} and ${sql.ref(column)} = ${id} limit 1`.execute(db);
  return rows.length > 0;
}
