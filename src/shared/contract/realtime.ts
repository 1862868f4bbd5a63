import { z } from 'zod';
import { API_PREFIX } from './common';
import { Id } from './ids';

/**
 * Real-time events (spec §4 "Realtime events"), spec-silent on the wire, so decided here:
 *
 * - One WebSocket per signed-in browser session at GET /api/realtime/v1. It sits outside the company
 *   and master prefixes because a browser cannot set headers on a WebSocket: the Subdomain and the
 *   bearer token arrive in the first message instead ({type:'auth'}), never in the address, where
 *   tokens leak into logs.
 * - The server answers {type:'ready'} and from then on sends {type:'event'} messages, each only to
 *   sockets of the event's company whose user holds the event's permission. A later {type:'auth'}
 *   on the same socket replaces the token (after a refresh) without reconnecting.
 * - Refusals close the socket with a code the client can act on (REALTIME_CLOSE).
 * - Events say what changed and where (ids, time range), never who: screens refetch what they show.
 */
export const REALTIME_PATH = `${API_PREFIX}/realtime/v1`;

/** spec §4, in its order. */
export const REALTIME_EVENTS = [
  'declaration_changed',
  'reception_desk_visitor_changed',
  'connectors_changed',
  'company_profile_changed',
  'resource_functions_changed',
  'level_changed',
  'reception_desk_changed',
  'service_orders_changed',
  'service_item_changed',
  'grid_changed',
] as const;
export const RealtimeEventName = z.enum(REALTIME_EVENTS);
export type RealtimeEventName = z.infer<typeof RealtimeEventName>;

export const REALTIME_CLOSE = {
  /** app.close(): reconnect later */
  goingAway: 1001,
  /** a message the server cannot read */
  badMessage: 4400,
  /** no, a bad or an expired token, or an ended session: refresh the token, then reconnect */
  unauthorized: 4401,
  /** a token of another area (platform or another company): do not retry */
  forbidden: 4403,
  /** no company with that subdomain: do not retry */
  notFound: 4404,
  /** no auth message in time */
  authTimeout: 4408,
  /** more messages than REALTIME_MESSAGES_PER_MINUTE: reconnect later */
  tooManyMessages: 4429,
} as const;

/** A client only ever sends a sign-in per token; this many in a minute is a misbehaving one. */
export const REALTIME_MESSAGES_PER_MINUTE = 20;

/** How long a socket may stay open without authenticating. */
export const REALTIME_AUTH_TIMEOUT_MS = 10_000;

export const RealtimeAuth = z.object({
  type: z.literal('auth'),
  token: z.string().min(1).max(4096),
  subdomain: z.string().min(1).max(63),
});
export type RealtimeAuth = z.infer<typeof RealtimeAuth>;

export const RealtimeClientMessage = z.discriminatedUnion('type', [RealtimeAuth]);
export type RealtimeClientMessage = z.infer<typeof RealtimeClientMessage>;

export const DECLARATION_CHANGE_ACTIONS = [
  'created',
  'cancelled',
  'checked_in',
  'checked_out',
  'extended',
  'released',
  'approval',
] as const;

/** 'declaration_changed': enough for an open plan, map or calendar to know whether to refetch. */
export const DeclarationChanged = z.object({
  action: z.enum(DECLARATION_CHANGE_ACTIONS),
  declaration_id: Id,
  resource_id: Id,
  /** the resource's level and its ancestors, top first (a site's screen refreshes for its floors) */
  level_ids: z.array(Id),
  /** the booking's time range (ISO instants) */
  starts_at: z.string(),
  ends_at: z.string(),
});
export type DeclarationChanged = z.infer<typeof DeclarationChanged>;

/** The data each event carries; events without a producer yet carry none. */
export interface RealtimeEventData {
  declaration_changed: DeclarationChanged;
  reception_desk_visitor_changed: Record<string, unknown>;
  connectors_changed: Record<string, unknown>;
  company_profile_changed: Record<string, unknown>;
  resource_functions_changed: Record<string, unknown>;
  level_changed: Record<string, unknown>;
  reception_desk_changed: Record<string, unknown>;
  service_orders_changed: Record<string, unknown>;
  service_item_changed: Record<string, unknown>;
  grid_changed: Record<string, unknown>;
}

export type RealtimeEvent = {
  [E in RealtimeEventName]: { type: 'event'; event: E; data: RealtimeEventData[E] };
}[RealtimeEventName];

export type RealtimeServerMessage = { type: 'ready' } | RealtimeEvent;

/** Both sides read messages with this: an unreadable message is null, never an exception. */
export function parseRealtimeMessage(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

const FIRST_RETRY_MS = 250;
const LAST_RETRY_MS = 30_000;

/**
 * The wait before reconnect attempt `attempt` (0-based), for the server's database listener and the
 * browser's socket alike: doubling from a quarter second up to thirty seconds, then a random point
 * in its upper half, so that clients dropped together do not all come back at the same instant.
 */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(LAST_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.min(attempt, 16));
  return Math.round(base / 2 + (random() * base) / 2);
}
