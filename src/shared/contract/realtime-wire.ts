// spec §4 realtime events: the wire's constants and helpers, apart from the schemas (realtime.ts), so
// that the browser's connection, loaded with every screen, reads them without zod.
import { API_PREFIX } from './common';

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
  // ours: a map's realtime flag changed (docs/real-time-and-cleaning.md)
  'real_time_map_changed',
] as const;

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

export const DECLARATION_CHANGE_ACTIONS = [
  'created',
  'cancelled',
  'checked_in',
  'checked_out',
  'extended',
  'released',
  'approval',
] as const;

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
