import { sql, type Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema';
import { ownSchema, type RealtimeSource } from '../../realtime/sources';

/** A map's realtime flag changed: wall screens showing it read it again (and learn it is off). */
export const MAP_REALTIME_CHANNEL = 'map_realtime_changed';

/** Inside the changing transaction, so it is delivered only when the change commits. */
export async function notifyMapRealtime(
  db: Kysely<Database>,
  companyId: number,
  mapId: number,
  realtime: 0 | 1,
): Promise<void> {
  const notice = JSON.stringify({ company_id: companyId, map_id: mapId, realtime });
  await sql`select pg_notify(${MAP_REALTIME_CHANNEL},
    (${notice}::jsonb || jsonb_build_object('schema', current_schema()))::text)`.execute(db);
}

const Notice = z.object({
  company_id: z.number().int().positive(),
  map_id: z.number().int().positive(),
  realtime: z.union([z.literal(0), z.literal(1)]),
  schema: z.string(),
});

/**
 * 'real_time_map_changed' to the company's REAL_TIME holders and to the wall screens of that map
 * (their subscription accepts it by map id: realtime.routes.ts guests).
 */
export const realTimeMapChanged: RealtimeSource = {
  channel: MAP_REALTIME_CHANNEL,
  event: 'real_time_map_changed',
  async read(db, payload) {
    const notice = Notice.safeParse(payload);
    if (!notice.success || notice.data.schema !== (await ownSchema(db))) return null;
    return {
      companyId: notice.data.company_id,
      permission: 'REAL_TIME',
      message: {
        type: 'event',
        event: 'real_time_map_changed',
        data: { map_id: notice.data.map_id, realtime: notice.data.realtime },
      },
    };
  },
};
