import { randomBytes } from 'node:crypto';
import { readBookingPreferences } from '../../../shared/booking/preferences';
import type { LiveMap, TempToken } from '../../../shared/contract/real-time';
import type { CodeDigester } from '../../auth/codes';
import { take } from '../../auth/login-throttle';
import type { PublicContext, ServiceContext } from '../../context';
import type { Database } from '../../db/schema';
import { conflict, notFound, tooManyRequests } from '../../http/errors';
import {
  companyColourTexts,
  levelsOnMap,
  liveResources,
  mapImageOfToken,
  mapOfToken,
  mapRow,
  storeTokenDigest,
  WALL_TOKEN_PURPOSE,
} from './real-time.queries';
import type { Kysely } from 'kysely';

export const MAP_NOT_FOUND = 'Map not found.';
export const REALTIME_OFF = 'Switch real-time on for this map first.';
/** What a wall screen says once its token stops working. */
export const WALL_GONE =
  'This map is no longer shown here: real-time was switched off for it, or its link was replaced.';
/** per wall token and client address, per minute: a wall reads once per burst of changes and each minute */
export const WALL_READS_PER_MINUTE = 120;

type MapRow = NonNullable<Awaited<ReturnType<typeof mapRow>>>;

async function liveMapOf(db: Kysely<Database>, companyId: number, userId: number, map: MapRow, now: Date) {
  const [levels, resources, colours] = await Promise.all([
    levelsOnMap(db, companyId, userId, map.id),
    liveResources(db, companyId, userId, map.id, now),
    companyColourTexts(db, companyId),
  ]);
  const { colors } = readBookingPreferences(colours);
  return {
    map: {
      id: map.id,
      name: map.name,
      width: map.width,
      height: map.height,
      realtime: map.realtime === 1 ? 1 : 0,
    },
    levels: levels.filter((level) => level.own).map((level) => ({ id: level.id, name: level.name ?? '' })),
    // spec §3 occupancy colours: free is low, booked average, checked in high
    colors: { free: colors.low, booked: colors.average, checked_in: colors.high },
    resources: resources.map((row) => ({
      id: row.id,
      name: row.name ?? '',
      x: row.map_x,
      y: row.map_y,
      icon: row.icon,
      state: row.state,
    })),
    at: now.toISOString(),
  } satisfies LiveMap;
}

/** GET real-time/maps/{id} (REAL_TIME): the map's live states for a signed-in user. */
export async function liveMap(ctx: ServiceContext, mapId: number, now = new Date()): Promise<LiveMap> {
  const map = await mapRow(ctx.db, ctx.companyId, mapId);
  if (!map) throw notFound(MAP_NOT_FOUND);
  return liveMapOf(ctx.db, ctx.companyId, ctx.userId, map, now);
}

/**
 * spec §7 POST temp token (realtime true): a new 128-bit token for the map's wall screens, shown
 * once (only its digest is kept); the one before stops working. The map must show realtime.
 */
export async function issueTempToken(
  ctx: ServiceContext,
  codes: CodeDigester,
  mapId: number,
): Promise<TempToken> {
  const map = await mapRow(ctx.db, ctx.companyId, mapId);
  if (!map) throw notFound(MAP_NOT_FOUND);
  const token = randomBytes(16).toString('base64url');
  if (!(await storeTokenDigest(ctx.db, ctx.companyId, mapId, codes.digest(WALL_TOKEN_PURPOSE, token))))
    throw conflict(REALTIME_OFF);
  return { access_token: token, map_id: mapId };
}

/** The company of a public call, and a read counted against the token's and address's allowance. */
async function wallCompany(ctx: PublicContext, code: string, ip: string): Promise<number> {
  if (ctx.tenant.area !== 'company') throw notFound(WALL_GONE);
  const key = `wall:${code.slice(0, 64)}:${ip}`;
  const counted = (await take(ctx.db, [key], 60)).get(key)!;
  if (counted.count > WALL_READS_PER_MINUTE)
    throw tooManyRequests('Too many requests. Try again in a minute.', counted.secondsLeft);
  return ctx.tenant.company.id;
}

/** GET real-time/wall/{code} (public): the one map the token names, in the company's language. */
export async function wallMap(
  ctx: PublicContext,
  codes: CodeDigester,
  code: string,
  ip: string,
  now = new Date(),
): Promise<LiveMap> {
  const companyId = await wallCompany(ctx, code, ip);
  const map = await mapOfToken(ctx.db, companyId, codes.digest(WALL_TOKEN_PURPOSE, code));
  if (!map) throw notFound(WALL_GONE);
  // no user: names in the company's language
  return liveMapOf(ctx.db, companyId, 0, map, now);
}

export async function wallImage(ctx: PublicContext, codes: CodeDigester, code: string, ip: string) {
  const companyId = await wallCompany(ctx, code, ip);
  const image = await mapImageOfToken(ctx.db, companyId, codes.digest(WALL_TOKEN_PURPOSE, code));
  if (!image) throw notFound(WALL_GONE);
  return image;
}
