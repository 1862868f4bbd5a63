import { z } from 'zod';
import { Id } from './ids';
import { DECLARATION_CHANGE_ACTIONS, REALTIME_EVENTS } from './realtime-wire';

export * from './realtime-wire';

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

export const RealtimeEventName = z.enum(REALTIME_EVENTS);
export type RealtimeEventName = z.infer<typeof RealtimeEventName>;

export const RealtimeAuth = z.object({
  type: z.literal('auth'),
  token: z.string().min(1).max(4096),
  subdomain: z.string().min(1).max(63),
});
export type RealtimeAuth = z.infer<typeof RealtimeAuth>;

/**
 * A wall screen's sign-in (docs/real-time-and-cleaning.md): the map's temporary token instead of a
 * user's; the socket then hears only that map's changes.
 */
export const RealtimeWallAuth = z.object({
  type: z.literal('wall'),
  code: z.string().min(1).max(64),
  subdomain: z.string().min(1).max(63),
});
export type RealtimeWallAuth = z.infer<typeof RealtimeWallAuth>;

export const RealtimeClientMessage = z.discriminatedUnion('type', [RealtimeAuth, RealtimeWallAuth]);
export type RealtimeClientMessage = z.infer<typeof RealtimeClientMessage>;

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

/** 'reception_desk_visitor_changed': a visit was added, changed or changed status (docs/visitors.md). */
export const ReceptionDeskVisitorChanged = z.object({
  visit_id: Id,
  reception_desk_id: Id,
  /** the visit's host: their screen says the visitor has arrived */
  host_id: Id.nullable(),
  status: z.enum(['expected', 'checked_in', 'checked_out', 'cancelled', 'no_show']),
});
export type ReceptionDeskVisitorChanged = z.infer<typeof ReceptionDeskVisitorChanged>;

/**
 * 'reception_desk_changed' as reception's alert (docs/visitors.md "Privacy"): an address of the
 * company's block list was refused at the desk, at an invitation or at the kiosk.
 */
export const ReceptionDeskAlert = z.object({
  reception_desk_id: Id,
  alert: z.literal('blocked_visitor'),
  at: z.enum(['invitation', 'kiosk']),
});
export type ReceptionDeskAlert = z.infer<typeof ReceptionDeskAlert>;

/** The data each event carries; events without a producer yet carry none. */
export interface RealtimeEventData {
  declaration_changed: DeclarationChanged;
  reception_desk_visitor_changed: ReceptionDeskVisitorChanged;
  connectors_changed: Record<string, unknown>;
  company_profile_changed: Record<string, unknown>;
  resource_functions_changed: Record<string, unknown>;
  level_changed: Record<string, unknown>;
  reception_desk_changed: ReceptionDeskAlert;
  service_orders_changed: Record<string, unknown>;
  service_item_changed: Record<string, unknown>;
  grid_changed: Record<string, unknown>;
  real_time_map_changed: { map_id: number; realtime: 0 | 1 };
}

export type RealtimeEvent = {
  [E in RealtimeEventName]: { type: 'event'; event: E; data: RealtimeEventData[E] };
}[RealtimeEventName];

export type RealtimeServerMessage = { type: 'ready' } | RealtimeEvent;
