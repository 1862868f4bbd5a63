import type { Kysely } from 'kysely';
import {
  mapImagePath,
  type CreateMapBody,
  type FloorMap,
  type FloorMapList,
  type UpdateMapBody,
} from '../../../shared/contract/maps';
import type { PageQuery } from '../../../shared/contract/common';
import type { ServiceContext } from '../../context';
import type { Database } from '../../db/schema';
import { can } from '../../../shared/permissions';
import { forbidden, notFound } from '../../http/errors';
import { notifyMapRealtime } from './maps.notify';
import { acceptImage, decodeBase64Content } from './accepted-image';
import { countMaps, insertMap, mapById, mapImage, mapsOf, updateMapRow } from './maps.queries';
import { pageMeta } from '../../../shared/contract/common';

type MapRow = NonNullable<Awaited<ReturnType<typeof mapById>>>;

function toMap(row: MapRow): FloorMap {
  return {
    id: row.id,
    name: row.name,
    mime: row.mime,
    width: row.width,
    height: row.height,
    sha256: row.sha256,
    realtime: row.realtime === 1 ? 1 : 0,
    created_at: new Date(row.created_at).toISOString(),
    image_url: mapImagePath(row.id),
  };
}

/**
 * Checks the content (type from the bytes, size, pixels; SVG sanitised) and stores it. The demo
 * seed stores its floor plans through here too, so they pass the same checks as an upload.
 */
export async function storeMap(
  db: Kysely<Database>,
  companyId: number,
  name: string,
  content: Buffer,
): Promise<FloorMap> {
  const row = await insertMap(db, { company_id: companyId, name: name.trim(), ...acceptImage(content) });
  return toMap(row);
}

/** POST maps: JSON with the file as base64 (the API takes JSON only). */
export async function createMap(ctx: ServiceContext, body: CreateMapBody): Promise<FloorMap> {
  return storeMap(ctx.db, ctx.companyId, body.name, decodeBase64Content(body.content_base64));
}

export async function listMaps(ctx: ServiceContext, query: PageQuery): Promise<FloorMapList> {
  const [rows, total] = await Promise.all([
    mapsOf(ctx.db, ctx.companyId, (query.page - 1) * query.per_page, query.per_page),
    countMaps(ctx.db, ctx.companyId),
  ]);
  return {
    data: rows.map(toMap),
    meta: pageMeta(query.page, query.per_page, total),
  };
}

export async function getMap(ctx: ServiceContext, id: number): Promise<FloorMap> {
  const row = await mapById(ctx.db, ctx.companyId, id);
  if (!row) throw notFound();
  return toMap(row);
}

/**
 * spec §7 PUT maps/{id}: the name (LEVELS update) and the realtime flag (set_realtime is the spec's
 * alias for it). spec §4: switching realtime off clears the wall screens' token, which stops them at
 * once (they are told through the realtime hub).
 */
export async function updateMap(ctx: ServiceContext, id: number, body: UpdateMapBody): Promise<FloorMap> {
  if (body.name !== undefined && !can(ctx.permissions ?? [], ['LEVELS', 'update'])) throw forbidden();
  const realtime = body.realtime ?? body.set_realtime;
  const change = {
    ...(body.name !== undefined ? { name: body.name.trim() } : {}),
    ...(realtime !== undefined ? { realtime } : {}),
    ...(realtime === 0 ? { realtime_token_digest: null } : {}),
  };
  if (Object.keys(change).length === 0) {
    const row = await mapById(ctx.db, ctx.companyId, id);
    if (!row) throw notFound();
    return toMap(row);
  }
  return ctx.db.transaction().execute(async (tx) => {
    const row = await updateMapRow(tx, ctx.companyId, id, change);
    if (!row) throw notFound();
    if (realtime !== undefined) await notifyMapRealtime(tx, ctx.companyId, id, realtime);
    return toMap(row);
  });
}

export async function getMapImage(ctx: ServiceContext, id: number) {
  const image = await mapImage(ctx.db, ctx.companyId, id);
  if (!image) throw notFound();
  return image;
}
