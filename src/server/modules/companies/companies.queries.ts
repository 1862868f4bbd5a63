import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

const COLUMNS = [
  'c.id',
  'c.name',
  'c.subdomain',
  'c.country_id',
  'c.language_id',
  'c.timezone',
  'c.currency_id',
  'c.data_region_id',
  'c.company_type_id',
] as const;

function companies(db: Kysely<Database>) {
  return db
    .selectFrom('companies as c')
    .select(COLUMNS)
    .select([
      sql<string>`to_json(c.created_at)#>>'{}'`.as('created_at'),
      sql<string | null>`to_json(c.deleted_at)#>>'{}'`.as('deleted_at'),
      sql<string | null>`to_json(c.purge_after)#>>'{}'`.as('purge_after'),
      sql<number>`(select count(*)::int from users u where u.company_id = c.id)`.as('users_count'),
    ]);
}

export const listCompanies = (db: Kysely<Database>) =>
  companies(db).orderBy('c.name').orderBy('c.id').execute();

export const findCompany = (db: Kysely<Database>, id: number) =>
  companies(db).where('c.id', '=', id).executeTakeFirst();

/** Which of the ids a company names exist in their reference tables. */
export async function missingReferences(
  db: Kysely<Database>,
  ids: {
    country_id?: number | undefined;
    language_id?: number | undefined;
    currency_id?: number | undefined;
    data_region_id?: number | undefined;
    company_type_id?: number | undefined;
    timezone?: string | undefined;
  },
): Promise<string[]> {
  const exists = (
    table: 'countries' | 'languages' | 'currencies' | 'data_regions' | 'company_types',
    id?: number,
  ) =>
    id === undefined
      ? sql<boolean>`true`
      : sql<boolean>`exists (select 1 from ${sql.table(table)} where id = ${id})`;
  const row = await db
    .selectNoFrom([
      exists('countries', ids.country_id).as('country_id'),
      exists('languages', ids.language_id).as('language_id'),
      exists('currencies', ids.currency_id).as('currency_id'),
      exists('data_regions', ids.data_region_id).as('data_region_id'),
      exists('company_types', ids.company_type_id).as('company_type_id'),
      (ids.timezone === undefined
        ? sql<boolean>`true`
        : sql<boolean>`exists (select 1 from timezones where name = ${ids.timezone})`
      ).as('timezone'),
    ])
    .executeTakeFirstOrThrow();
  return Object.entries(row)
    .filter(([, found]) => !found)
    .map(([field]) => field);
}

/** The platform's default currency for a new company: EUR when the catalogue has it, else the first. */
export async function defaultCurrencyId(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('currencies')
    .select('id')
    .orderBy(sql`code = 'EUR'`, 'desc')
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Soft deletion: the hosts stop answering (tenant resolution skips it) and every session ends. */
export async function markDeleted(db: Kysely<Database>, id: number, purgeDays: number): Promise<boolean> {
  const result = await db
    .updateTable('companies')
    .set({
      deleted_at: sql<Date>`now()`,
      purge_after: sql<Date>`now() + make_interval(days => ${purgeDays})`,
    })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (result.numUpdatedRows === 0n) return false;
  await db
    .updateTable('sessions')
    .set({ revoked_at: sql<Date>`now()` })
    .where('company_id', '=', id)
    .where('revoked_at', 'is', null)
    .execute();
  return true;
}

export async function markRestored(db: Kysely<Database>, id: number): Promise<boolean> {
  const result = await db
    .updateTable('companies')
    .set({ deleted_at: null, purge_after: null })
    .where('id', '=', id)
    .where('deleted_at', 'is not', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
