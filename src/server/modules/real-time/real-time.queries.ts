import { sql, type Kysely } from 'kysely';
import type { LiveState } from '../../../shared/contract/real-time';
import type { Database } from '../../db/schema';
import { nameInUserLanguage } from '../declarations';
import { nearestMap } from '../maps';

type Db = Kysely<Database>;

export const WALL_TOKEN_PURPOSE = 'real-time-map';

export function mapRow(db: Db, companyId: number, mapId: number) {
  return db
    .selectFrom('maps')
    .select(['id', 'name', 'width', 'height', 'realtime'])
    .where('company_id', '=', companyId)
    .where('id', '=', mapId)
    .executeTakeFirst();
}

/** The map a wall screen's token names, while its realtime flag is on. */
export function mapOfToken(db: Db, companyId: number, digest: string) {
  return db
    .selectFrom('maps')
    .select(['id', 'name', 'width', 'height', 'realtime'])
    .where('company_id', '=', companyId)
    .where('realtime', '=', 1)
    .where('realtime_token_digest', '=', digest)
    .executeTakeFirst();
}

export function mapImageOfToken(db: Db, companyId: number, digest: string) {
  return db
    .selectFrom('maps')
    .select(['mime', 'bytes', 'sha256'])
    .where('company_id', '=', companyId)
    .where('realtime', '=', 1)
    .where('realtime_token_digest', '=', digest)
    .executeTakeFirst();
}

/** A new token replaces the one before, which stops working at once; only on a map showing realtime. */
export async function storeTokenDigest(db: Db, companyId: number, mapId: number, digest: string) {
  const row = await db
    .updateTable('maps')
    .set({ realtime_token_digest: digest })
    .where('company_id', '=', companyId)
    .where('id', '=', mapId)
    .where('realtime', '=', 1)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** The levels whose resources this map shows (their own map, or the nearest ancestor's). */
export async function levelsOnMap(db: Db, companyId: number, userId: number, mapId: number) {
  const { rows } = await sql<{ id: number; name: string | null; own: boolean }>`
    with recursive ${nearestMap(companyId)}
    select n.id, ${nameInUserLanguage(companyId, userId, 'level', sql`n.id`)} as name,
      l.map_id is not distinct from n.map_id as own
    from nearest_map n join levels l on l.company_id = ${companyId} and l.id = n.id
    where n.map_id = ${mapId}
    order by l.position, n.id`.execute(db);
  return rows;
}

/**
 * Each resource placed on the map, with what holds it at `now`: a checked-in booking, else a booking,
 * else a booking auto-released (the place is free again, and says so), else nothing.
 */
export async function liveResources(db: Db, companyId: number, userId: number, mapId: number, now: Date) {
  const { rows } = await sql<{
    id: number;
    name: string | null;
    map_x: number;
    map_y: number;
    icon: string | null;
    state: LiveState;
  }>`
    with recursive ${nearestMap(companyId)}
    select r.id, ${nameInUserLanguage(companyId, userId, 'resource', sql`r.id`)} as name,
      r.map_x, r.map_y, rt.icon,
      coalesce((
        select case
          when bool_or(d.status = 'checked_in') then 'checked_in'
          when bool_or(d.status = 'booked') then 'booked'
          when bool_or(d.status = 'released') then 'released'
        end
        from declarations d
        where d.company_id = ${companyId} and d.resource_id = r.id
          and d.starts_at <= ${now} and d.ends_at > ${now}
          and d.status in ('booked', 'checked_in', 'released') and d.approval_status <> 'rejected'
      ), 'free') as state
    from resources r
    join nearest_map n on n.id = r.level_id
    join resource_types rt on rt.company_id = r.company_id and rt.id = r.resource_type_id
    where r.company_id = ${companyId} and n.map_id = ${mapId}
      and r.map_x is not null and r.map_y is not null
    order by r.id`.execute(db);
  return rows;
}

/** The company's own occupancy colours (the wall has no user whose preferences would apply). */
export async function companyColourTexts(db: Db, companyId: number): Promise<Record<string, string | null>> {
  const rows = await db
    .selectFrom('company_preferences')
    .select(['key', 'value'])
    .where('company_id', '=', companyId)
    .where('key', 'in', ['HighOccupancyColor', 'AverageOccupancyColor', 'LowOccupancyColor'])
    .execute();
  return Object.fromEntries(rows.map((row) => [row.key, row.value]));
}
