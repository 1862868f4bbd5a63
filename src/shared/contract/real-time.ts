import { z } from 'zod';
import { COMPANY_PREFIX } from './common';
import { Id } from './ids';

/**
 * spec §2 /real-time and /real-time/map/:mapId, spec §7 maps (realtime, set_realtime=1, temp token):
 * a floor map showing, live, which resources are free, booked, checked in or released now.
 */
export const LIVE_STATES = ['free', 'booked', 'checked_in', 'released'] as const;
export type LiveState = (typeof LIVE_STATES)[number];

export const LiveResource = z.object({
  id: Id,
  name: z.string(),
  /** fractions of the map's width and height */
  x: z.number(),
  y: z.number(),
  /** the resource type's icon key, for the marker's face */
  icon: z.string().nullable(),
  state: z.enum(LIVE_STATES),
});
export type LiveResource = z.infer<typeof LiveResource>;

/** What a real-time map shows, as of `at`. */
export const LiveMap = z.object({
  map: z.object({
    id: Id,
    name: z.string(),
    width: z.number().int(),
    height: z.number().int(),
    realtime: z.union([z.literal(0), z.literal(1)]),
  }),
  /** the levels drawn on this map (their own, or the nearest ancestor's), for the title */
  levels: z.array(z.object({ id: Id, name: z.string() })),
  /** the company's occupancy colours (spec §3 Low/Average/HighOccupancyColor) */
  colors: z.object({ free: z.string(), booked: z.string(), checked_in: z.string() }),
  resources: z.array(LiveResource),
  /** ISO instant the states were read at */
  at: z.string(),
});
export type LiveMap = z.infer<typeof LiveMap>;

/** spec §7 POST temp token (realtime true): only asked for a map whose realtime flag is on. */
export const TempTokenBody = z.strictObject({ realtime: z.literal(true, 'This field is required.') });
export type TempTokenBody = z.infer<typeof TempTokenBody>;

/** The wall screen's token: shown once, valid until realtime is switched off or a new one is issued. */
export const TempToken = z.object({ access_token: z.string(), map_id: Id });
export type TempToken = z.infer<typeof TempToken>;

/** 128 bits as base64url: 22 characters. */
export const WALL_CODE_LENGTH = 22;
export const WallParams = z.object({ code: z.string().min(1).max(64) });

const realTime = `${COMPANY_PREFIX}/real-time`;
export const realTimePaths = {
  map: `${realTime}/maps/:id`,
  tempToken: `${COMPANY_PREFIX}/maps/:id/temp-token`,
  wall: `${realTime}/wall/:code`,
  wallImage: `${realTime}/wall/:code/image`,
} as const;
export const liveMapPath = (mapId: number) => `${realTime}/maps/${mapId}`;
export const tempTokenPath = (mapId: number) => `${COMPANY_PREFIX}/maps/${mapId}/temp-token`;
export const wallPath = (code: string) => `${realTime}/wall/${encodeURIComponent(code)}`;
export const wallImagePath = (code: string) => `${wallPath(code)}/image`;
