import { REALTIME_CLOSE, type RealtimeEvent } from '../../../shared/contract/realtime';
import { SUBDOMAIN_PATTERN } from '../../../shared/tenancy/subdomain';
import type { GuestAuthenticator } from '../../realtime';
import { levelsOnMap, mapOfToken, WALL_TOKEN_PURPOSE } from './real-time.queries';

/**
 * A wall screen's socket (docs/real-time-and-cleaning.md): signed in with its map's token, it hears
 * the bookings of the levels drawn on that map and the map's own realtime switch, nothing else, and
 * is closed at the next heartbeat once the token no longer names the map.
 */
export const wallGuest: GuestAuthenticator = async (deps, auth) => {
  const db = deps.db.kysely;
  const subdomain = auth.subdomain.trim().toLowerCase();
  if (!SUBDOMAIN_PATTERN.test(subdomain)) return REALTIME_CLOSE.notFound;
  const company = await db
    .selectFrom('companies')
    .select('id')
    .where('subdomain', '=', subdomain)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!company) return REALTIME_CLOSE.notFound;
  const digest = deps.codes.digest(WALL_TOKEN_PURPOSE, auth.code);
  const map = await mapOfToken(db, company.id, digest);
  if (!map) return REALTIME_CLOSE.unauthorized;
  const levelIds = new Set((await levelsOnMap(db, company.id, 0, map.id)).map((level) => level.id));
  const accepts = (message: RealtimeEvent) =>
    (message.event === 'declaration_changed' && message.data.level_ids.some((id) => levelIds.has(id))) ||
    (message.event === 'real_time_map_changed' && message.data.map_id === map.id);
  return {
    companyId: company.id,
    // no user has a negative id: a socket keeps this identity
    userId: -map.id,
    jti: '',
    permissions: [],
    guest: {
      accepts,
      stillValid: async () => (await mapOfToken(db, company.id, digest)) !== undefined,
    },
  };
};
