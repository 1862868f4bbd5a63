import { scopedBookingRefusal, scopedFactsOf } from '../../permissions/scoped';
import { sql, type Kysely } from 'kysely';
import { bookingRefusal, type Stretch } from '../../../shared/booking/declaration-rules';
import { mayBookResource } from '../../../shared/permissions/scoped-access';
import { BOOKING_PREFERENCE_DEFAULTS, readBookingPreferences } from '../../../shared/booking/preferences';
import type { Closure, Slot, WeeklyWindow } from '../../../shared/time/slots';
import { addDays, wallClockAt } from '../../../shared/time/zone';
import type { ServiceContext } from '../../context';
import type { Database } from '../../db/schema';
import { forbidden, notFound, unprocessable } from '../../http/errors';
import {
  assignmentAccess,
  BOOKING_MESSAGES,
  bookingContext,
  closuresOf,
  heldBookings,
  holdersOf,
  maxConcurrent,
  nameInUserLanguage,
  openUntil,
  REFUSALS,
  resourceSlots,
  windowsOf,
  type BookingTarget,
  type HeldBooking,
} from '../declarations';
import type { ConflictReason, SeriesConflict, SeriesInput } from './series';

type Db = Kysely<Database>;

const clock = (instant: Date, zone: string) => wallClockAt(instant, zone).time;

export const conflictMessage = (
  reason: ConflictReason,
  name: string,
  date: string,
  start: Date,
  end: Date,
  zone: string,
) => {
  const when = `on ${date} from ${clock(start, zone)} to ${clock(end, zone)}`;
  if (reason === 'taken') return `${name} is already booked ${when}.`;
  if (reason === 'full') return `${name} is fully booked ${when}.`;
  if (reason === 'closed') return `${name} cannot be booked ${when}.`;
  return `${name} cannot be booked ${when}: that time is over.`;
};

interface Room {
  target: BookingTarget;
  name: string;
  windows: WeeklyWindow[];
  closures: Closure[];
  afternoonFrom: string;
  price: { currency_id: number; price_cents: number } | null;
  chain: number[];
}

/**
 * Each room of the series under its row lock (and the user's: the per-user limit), or the refusal
 * that stops the whole request: unknown (404), not the user's to book (403), on a level where
 * nothing is booked (422).
 */
export async function lockRooms(tx: Db, ctx: ServiceContext, input: SeriesInput): Promise<Map<number, Room>> {
  const ids = [...new Set(input.occurrences.flatMap((o) => o.resourceIds))].sort((a, b) => a - b);
  const from = new Date(Math.min(...input.occurrences.map((o) => o.start.getTime())) - 2 * 86_400_000);
  const to = new Date(Math.max(...input.occurrences.map((o) => o.end.getTime())) + 2 * 86_400_000);
  const rooms = new Map<number, Room>();
  // In id order, so two series sharing rooms take their locks in the same order.
  for (const id of ids) {
    const context = await bookingContext(tx, ctx, id, from, to, Object.keys(BOOKING_PREFERENCE_DEFAULTS));
    if (!context) throw notFound(BOOKING_MESSAGES.resourceNotFound);
    // The booking's rule: an assigned room only in its holders' breaks, each occurrence in one.
    const stretches = input.occurrences
      .filter((o) => o.resourceIds.includes(id))
      .map((o) => ({ starts_at: o.start, ends_at: o.end }));
    const assignment = await assignmentAccess(tx, ctx.companyId, context.target, ctx.userId, stretches);
    const refusal = bookingRefusal(context.target, context.roles, assignment);
    if (refusal) throw forbidden(REFUSALS[refusal]);
    const scoped = await scopedBookingRefusal(ctx, ctx.userId, context.target, context.bookingVersion, tx);
    if (scoped) throw forbidden(scoped);
    if (!context.target.is_declarable)
      throw unprocessable({ resource_ids: [BOOKING_MESSAGES.levelNotDeclarable] });
    rooms.set(id, {
      target: context.target,
      name: context.name ?? `Resource ${id}`,
      windows: context.windows,
      closures: context.closures,
      afternoonFrom: readBookingPreferences(context.preferences).afternoonFrom,
      price: context.price,
      chain: context.chain.map((level) => level.id),
    });
  }
  return rooms;
}

interface Availability {
  target: Pick<
    BookingTarget,
    'timezone' | 'working_hours_from' | 'working_hours_to' | 'resource_capacity_type' | 'capacity'
  >;
  windows: readonly WeeklyWindow[];
  closures: readonly Closure[];
  afternoonFrom: string;
  held: readonly HeldBooking[];
}

// Ours: a meeting may run over midnight and over several days (a workshop), up to this many.
const MAX_MEETING_DAYS = 14;

/** Why a room cannot hold the meeting for [start, end), or null when it can. */
function reasonAgainst(room: Availability, start: Date, end: Date, now: Date): ConflictReason | null {
  if (start <= now) return 'past';
  const zone = room.target.timezone;
  const first = wallClockAt(start, zone).date;
  const last = wallClockAt(new Date(end.getTime() - 1), zone).date;
  // The finest slots say when the room is open, of every day the meeting touches (a room open round
  // the clock holds one over midnight); a meeting need not start on a slot boundary.
  const slots: Slot[] = [];
  for (let date = first, days = 0; date <= last; date = addDays(date, 1), days += 1) {
    if (days === MAX_MEETING_DAYS) return 'closed';
    slots.push(
      ...resourceSlots(room.target, date, '15-minutes', room.afternoonFrom, room.windows, room.closures),
    );
  }
  const covering = slots.find((slot) => slot.datetime_from <= start && slot.datetime_to > start);
  if (!covering?.available || openUntil(slots, covering.datetime_from) < end) return 'closed';
  const overlapping = room.held.filter((held) => held.starts_at < end && held.ends_at > start);
  if (room.target.resource_capacity_type === 'exclusive') return overlapping.length > 0 ? 'taken' : null;
  return maxConcurrent(overlapping, start, end) + 1 > room.target.capacity ? 'full' : null;
}

const groupHeld = (held: readonly HeldBooking[]) => {
  const byResource = new Map<number, HeldBooking[]>();
  for (const booking of held) {
    const list = byResource.get(booking.resource_id) ?? [];
    list.push(booking);
    byResource.set(booking.resource_id, list);
  }
  return byResource;
};

interface Candidate extends Availability {
  id: number;
  name: string;
  level_id: number;
  level_name: string;
  resource_type_id: number;
  /** the booking's rule for this time (bookingRefusal: an assigned room only in its holders' breaks) */
  mayBookFor(stretch: Stretch): boolean;
}

/**
 * The rooms that could stand in for the conflicting ones: the same resource types, bookable by the
 * user as the bookings API judges it (model, roles, an assigned room's holders and breaks, level and
 * resource containers), on a level where booking is allowed; with their windows, closures and
 * bookings of the span.
 */
async function candidatesFor(
  db: Db,
  ctx: ServiceContext,
  which: { typeIds: readonly number[] } | { ids: readonly number[] },
  from: Date,
  to: Date,
): Promise<Candidate[]> {
  const { rows } = await sql<
    BookingTarget & {
      resource_type_id: number;
      name: string | null;
      level_name: string | null;
      allowed: number[] | null;
      mine: number[] | null;
    }
  >`
    select r.id, r.level_id, r.resource_type_id, r.resource_capacity_type, r.resource_model, r.capacity,
      l.timezone, to_char(l.working_hours_from, 'HH24:MI') as working_hours_from,
      to_char(l.working_hours_to, 'HH24:MI') as working_hours_to, l.is_declarable,
      ${nameInUserLanguage(ctx.companyId, ctx.userId, 'resource', sql`r.id`)} as name,
      ${nameInUserLanguage(ctx.companyId, ctx.userId, 'level', sql`l.id`)} as level_name,
      (select array_agg(role_id) from resource_roles
        where company_id = ${ctx.companyId} and resource_id = r.id) as allowed,
      (select array_agg(cr.role_id) from user_container_members m
        join user_container_roles cr on cr.company_id = m.company_id and cr.container_id = m.container_id
        where m.company_id = ${ctx.companyId} and m.user_id = ${ctx.userId}) as mine
    from resources r join levels l on l.company_id = r.company_id and l.id = r.level_id
    where r.company_id = ${ctx.companyId} and ${
      'ids' in which
        ? sql`r.id = any(${sql`${[...which.ids]}::int[]`})`
        : sql`r.resource_type_id = any(${sql`${[...which.typeIds]}::int[]`})`
    }
      and r.resource_model in ('bookable', 'on_request', 'assigned') and l.is_declarable
    order by r.capacity, r.id`.execute(db);
  const facts = await scopedFactsOf(db, ctx.companyId, ctx.userId);
  const usable = rows.filter((row) => mayBookResource(facts, row));
  const ids = usable.map((row) => row.id);
  const assigned = usable.filter((row) => row.resource_model === 'assigned').map((row) => row.id);
  const [windows, closures, held, holders] = await Promise.all([
    windowsOf(db, ctx.companyId, ids),
    closuresOf(db, ctx.companyId, ids, from, to),
    heldBookings(db, ctx.companyId, ids, from, to),
    holdersOf(db, ctx.companyId, assigned, from),
  ]);
  const heldBy = groupHeld(held);
  const preferences = readBookingPreferences({});
  return usable.map((row) => ({
    id: row.id,
    name: row.name ?? `Resource ${row.id}`,
    level_id: row.level_id,
    level_name: row.level_name ?? '',
    resource_type_id: row.resource_type_id,
    target: row,
    windows: windows.get(row.id) ?? [],
    closures: closures.get(row.id) ?? [],
    afternoonFrom: preferences.afternoonFrom,
    held: heldBy.get(row.id) ?? [],
    mayBookFor: (stretch: Stretch) =>
      bookingRefusal(
        row,
        { allowed: row.allowed ?? [], mine: row.mine ?? [] },
        { userId: ctx.userId, holders: holders.get(row.id) ?? new Map(), slots: [stretch] },
      ) === null,
  }));
}

/**
 * Of `ids`, the rooms the user could book for [start, end) as a meeting books them: bookable by
 * them (model, roles), on a declarable level, open all of that time (hours, windows, closures) and
 * free (or with a seat left, when shared). The Outlook pane's search proposes only these.
 */
export async function roomsAbleToHold(
  db: Db,
  ctx: ServiceContext,
  ids: readonly number[],
  start: Date,
  end: Date,
  now = new Date(),
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const candidates = await candidatesFor(db, ctx, { ids }, start, end);
  return new Set(
    candidates
      .filter(
        (room) =>
          room.mayBookFor({ starts_at: start, ends_at: end }) &&
          reasonAgainst(room, start, end, now) === null,
      )
      .map((room) => room.id),
  );
}

/** Every conflict of the series, each with its alternative; empty when all of it can be booked. */
export async function conflictsOf(
  db: Db,
  ctx: ServiceContext,
  input: SeriesInput,
  rooms: Map<number, Room>,
  now: Date,
): Promise<SeriesConflict[]> {
  const from = new Date(Math.min(...input.occurrences.map((o) => o.start.getTime())));
  const to = new Date(Math.max(...input.occurrences.map((o) => o.end.getTime())));
  const heldBy = groupHeld(await heldBookings(db, ctx.companyId, [...rooms.keys()], from, to));
  const conflicts: SeriesConflict[] = [];
  input.occurrences.forEach((occurrence, index) => {
    for (const id of new Set(occurrence.resourceIds)) {
      const room = rooms.get(id)!;
      const reason = reasonAgainst(
        { ...room, held: heldBy.get(id) ?? [] },
        occurrence.start,
        occurrence.end,
        now,
      );
      if (!reason) continue;
      const zone = room.target.timezone;
      const date = wallClockAt(occurrence.start, zone).date;
      conflicts.push({
        occurrence: index,
        date,
        start: occurrence.start,
        end: occurrence.end,
        resource_id: id,
        resource_name: room.name,
        reason,
        message: conflictMessage(reason, room.name, date, occurrence.start, occurrence.end, zone),
        alternative: null,
      });
    }
  });
  if (conflicts.length === 0) return conflicts;

  // Decision (spec silent): an alternative is of the same resource type as the room it replaces,
  // seats the attendees (or, without a count, as many as that room), is free and open for the whole
  // occurrence, is not already one of the occurrence's rooms; same level first, then the smallest.
  const typeOf = new Map<number, number>();
  const { rows } = await sql<{ id: number; resource_type_id: number }>`
    select id, resource_type_id from resources
    where company_id = ${ctx.companyId} and id = any(${sql`${[...rooms.keys()]}::int[]`})`.execute(db);
  for (const row of rows) typeOf.set(row.id, row.resource_type_id);
  const candidates = await candidatesFor(db, ctx, { typeIds: [...new Set(typeOf.values())] }, from, to);
  const chosen = new Map<number, Set<number>>();
  for (const conflict of conflicts) {
    if (conflict.reason === 'past') continue;
    const original = rooms.get(conflict.resource_id)!;
    const occurrence = input.occurrences[conflict.occurrence]!;
    const seats = input.attendees ?? original.target.capacity;
    const taken = chosen.get(conflict.occurrence) ?? new Set(occurrence.resourceIds);
    const fitting = candidates
      .filter(
        (candidate) =>
          candidate.resource_type_id === typeOf.get(conflict.resource_id) &&
          candidate.target.capacity >= seats &&
          !taken.has(candidate.id) &&
          candidate.mayBookFor({ starts_at: occurrence.start, ends_at: occurrence.end }) &&
          reasonAgainst(candidate, occurrence.start, occurrence.end, now) === null,
      )
      .sort(
        (a, b) =>
          Number(b.level_id === original.target.level_id) - Number(a.level_id === original.target.level_id) ||
          a.target.capacity - b.target.capacity ||
          a.id - b.id,
      );
    const best = fitting[0];
    if (!best) continue;
    taken.add(best.id);
    chosen.set(conflict.occurrence, taken);
    conflict.alternative = {
      id: best.id,
      name: best.name,
      capacity: best.target.capacity,
      level_id: best.level_id,
      level_name: best.level_name,
    };
  }
  return conflicts;
}
