import { sql, type Insertable, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export const MAP_COLUMNS = [
  'id',
  'name',
  'mime',
  'width',
  'height',
  'sha256',
  'realtime',
  'created_at',
] as const;

export function mapsOf(db: Kysely<Database>, companyId: number, offset: number, limit: number) {
  return db
    .selectFrom('maps')
    .select(MAP_COLUMNS)
    .where('company_id', '=', companyId)
    .orderBy('name')
    .orderBy('id')
    .offset(offset)
    .limit(limit)
    .execute();
}

export async function countMaps(db: Kysely<Database>, companyId: number): Promise<number> {
  const row = await db
    .selectFrom('maps')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('company_id', '=', companyId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export function mapById(db: Kysely<Database>, companyId: number, id: number) {
  return db
    .selectFrom('maps')
    .select(MAP_COLUMNS)
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export function mapImage(db: Kysely<Database>, companyId: number, id: number) {
  return db
    .selectFrom('maps')
    .select(['mime', 'bytes', 'sha256'])
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export function insertMap(db: Kysely<Database>, row: Insertable<Database['maps']>) {
  return db.insertInto('maps').values(row).returning(MAP_COLUMNS).executeTakeFirstOrThrow();
}

export function updateMapRow(
  db: Kysely<Database>,
  companyId: number,
  id: number,
  change: { name?: string; realtime?: number; realtime_token_digest?: null },
) {
  return db
    .updateTable('maps')
    .set(change)
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .returning(MAP_COLUMNS)
    .executeTakeFirst();
}

/**
 * `nearest_map(id, map_id)`: every level of the company with the map its resources are drawn on, its
 * own or the nearest ancestor's (null: none). A common table expression for `with recursive`.
 */
export const nearestMap = (companyId: number) => sql`nearest_map(id, map_id) as (
    select l.id, l.map_id from levels l where l.company_id = ${companyId} and l.parent_id is null
    union all
    select l.id, coalesce(l.map_id, n.map_id) from levels l
    join nearest_map n on l.parent_id = n.id
    where l.company_id = ${companyId}
  )`;
