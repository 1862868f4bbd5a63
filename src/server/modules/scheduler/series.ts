/**
 * A meeting's rooms for every occurrence of its series, booked in one transaction or not at all
 * (issue 6: the scheduler and the Outlook pane). Every occurrence is checked, not the first few;
 * a refusal names every conflicting occurrence by date with a room free instead, and writes nothing.
 * The exclusion constraint on exclusive bookings still refuses a race lost between check and insert.
 */
import { sql, type Kysely } from 'kysely';
import { approvalOnBooking, bookingRefusal, type Interval } from '../../../shared/booking/declaration-rules';
import { BOOKING_PREFERENCE_DEFAULTS, readBookingPreferences } from '../../../shared/booking/preferences';
import { MAX_OCCURRENCES } from '../../../shared/time/recurrence';
import type { Closure, Slot, WeeklyWindow } from '../../../shared/time/slots';
import { addDays, wallClockAt } from '../../../shared/time/zone';
import type { FieldErrors } from '../../../shared/validation';
import type { ServiceContext } from '../../context';
import { rowsWritten } from '../../db/planner-statistics';
import type { Database } from '../../db/schema';
import { forbidden, HttpError, notFound, unprocessable } from '../../http/errors';
import {
  answeringDoubleBooking,
  BOOKING_MESSAGES,
  bookingContext,
  bookingCost,
  checkLimit,
  closuresOf,
  heldBookings,
  insertBooking,
  maxConcurrent,
  nameInUserLanguage,
  openUntil,
  REFUSALS,
  resourceSlots,
  windowsOf,
  type BookingTarget,
  type HeldBooking,
} from '../declarations';

type Db = Kysely<Database>;

export interface SeriesOccurrence {
  start: Date;
  end: Date;
  /** the rooms of this occurrence: the meeting's, or with an alternative chosen for its date */
  resourceIds: readonly number[];
}

export interface SeriesInput {
  subject: string;
  isPrivate: boolean;
  source: 'scheduler' | 'outlook';
  /** the attendees an alternative room must seat (organiser included); null: the original room's capacity */
  attendees: number | null;
  occurrences: readonly SeriesOccurrence[];
}

export type ConflictReason = 'taken' | 'full' | 'closed' | 'past';

export interface SeriesAlternative {
  id: number;
  name: string;
  capacity: number;
  level_id: number;
  level_name: string;
}

export interface SeriesConflict {
  /** index in the input's occurrences */
  occurrence: number;
  /** the occurrence's date on the room's level clock */
  date: string;
  start: Date;
  end: Date;
  resource_id: number;
  resource_name: string;
  reason: ConflictReason;
  message: string;
  /** a room free for this occurrence: same level first, seats enough, bookable by the user */
  alternative: SeriesAlternative | null;
}

export interface BookedOccurrence {
  occurrence: number;
  declaration_id: number;
  resource_id: number;
  start: Date;
  end: Date;
}

export const SERIES_MESSAGES = {
  noOccurrence: 'A meeting needs at least one occurrence.',
  tooMany: `A recurring meeting can have at most ${MAX_OCCURRENCES} occurrences.`,
  noRoom: 'Choose at least one room.',
  endBeforeStart: 'The end must be after the start.',
  overlap: 'The occurrences of a series cannot overlap.',
  refused: (count: number, dates: readonly string[]) =>
    count === 1
      ? `Nothing was booked: the series conflicts on ${dates[0]}.`
      : `Nothing was booked: the series conflicts on ${count} dates (${dates.join(', ')}).`,
} as const;

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

/** 422 for a request that is not a series at all (no occurrence, no room, end before start, overlap). */
function validateShape(input: SeriesInput): void {
  const errors: FieldErrors = {};
  if (input.occurrences.length === 0) errors.occurrences = [SERIES_MESSAGES.noOccurrence];
  if (input.occurrences.length > MAX_OCCURRENCES) errors.occurrences = [SERIES_MESSAGES.tooMany];
  input.occurrences.forEach((occurrence, index) => {
    if (occurrence.resourceIds.length === 0)
      errors[`occurrences.${index}.resource_ids`] = [SERIES_MESSAGES.noRoom];
    if (occurrence.end <= occurrence.start)
      errors[`occurrences.${index}.end`] = [SERIES_MESSAGES.endBeforeStart];
  });
  if (Object.keys(errors).length > 0) throw unprocessable(errors);
  const sorted = [...input.occurrences].sort((a, b) => a.start.getTime() - b.start.getTime());
  for (let i = 1; i < sorted.length; i += 1)
    if (sorted[i]!.start < sorted[i - 1]!.end)
      throw unprocessable({ occurrences: [SERIES_MESSAGES.overlap] });
}

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
async function lockRooms(tx: Db, ctx: ServiceContext, input: SeriesInput): Promise<Map<number, Room>> {
  const ids = [...new Set(input.occurrences.flatMap((o) => o.resourceIds))].sort((a, b) => a - b);
  const from = new Date(Math.min(...input.occurrences.map((o) => o.start.getTime())) - 2 * 86_400_000);
  const to = new Date(Math.max(...input.occurrences.map((o) => o.end.getTime())) + 2 * 86_400_000);
  const rooms = new Map<number, Room>();
  // In id order, so two series sharing rooms take their locks in the same order.
  for (const id of ids) {
    const context = await bookingContext(tx, ctx, id, from, to, Object.keys(BOOKING_PREFERENCE_DEFAULTS));
    if (!context) throw notFound(BOOKING_MESSAGES.resourceNotFound);
    const refusal = bookingRefusal(context.target, context.roles);
    if (refusal) throw forbidden(REFUSALS[refusal]);
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
}

/**
 * The rooms that could stand in for the conflicting ones: the same resource types, bookable by the
 * user, on a level where booking is allowed; with their windows, closures and bookings of the span.
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
      and r.resource_model in ('bookable', 'on_request') and l.is_declarable
    order by r.capacity, r.id`.execute(db);
  const usable = rows.filter(
    (row) => !bookingRefusal(row, { allowed: row.allowed ?? [], mine: row.mine ?? [] }),
  );
  const ids = usable.map((row) => row.id);
  const [windows, closures, held] = await Promise.all([
    windowsOf(db, ctx.companyId, ids),
    closuresOf(db, ctx.companyId, ids, from, to),
    heldBookings(db, ctx.companyId, ids, from, to),
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
    candidates.filter((room) => reasonAgainst(room, start, end, now) === null).map((room) => room.id),
  );
}

/** Every conflict of the series, each with its alternative; empty when all of it can be booked. */
async function conflictsOf(
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

/** 409 naming every conflicting occurrence by date, keyed `occurrences.<index>` as the request sent them. */
export class SeriesRefused extends HttpError {
  constructor(readonly conflicts: readonly SeriesConflict[]) {
    const errors: FieldErrors = {};
    for (const conflict of conflicts) {
      const key = `occurrences.${conflict.occurrence}`;
      const text = conflict.alternative
        ? `${conflict.message} Free instead: ${conflict.alternative.name}.`
        : conflict.message;
      errors[key] = [...(errors[key] ?? []), text];
    }
    const dates = [...new Set(conflicts.map((conflict) => conflict.date))];
    super(409, SERIES_MESSAGES.refused(dates.length, dates), errors);
    this.name = 'SeriesRefused';
  }
}

/** The dry run: every conflict of the series with its alternative; nothing is written. */
export async function checkSeries(
  ctx: ServiceContext,
  input: SeriesInput,
  now = new Date(),
): Promise<SeriesConflict[]> {
  validateShape(input);
  // Read inside a transaction so the rooms' snapshot is one; rolled back by construction (nothing written).
  return ctx.db.transaction().execute((tx) => checkSeriesIn(tx, ctx, input, now));
}

/**
 * The dry run inside the caller's transaction `tx`, which sees what the caller changed there (the
 * Outlook pane's check sets a meeting's own bookings aside first, then rolls back).
 */
export async function checkSeriesIn(
  tx: Db,
  ctx: ServiceContext,
  input: SeriesInput,
  now = new Date(),
): Promise<SeriesConflict[]> {
  validateShape(input);
  const rooms = await lockRooms(tx, ctx, input);
  return conflictsOf(tx, ctx, input, rooms, now);
}

/**
 * Books the series inside the caller's transaction `tx` (the scheduler stores its meeting in the
 * same one): every room of every occurrence, or a SeriesRefused / 4xx with nothing written.
 */
export async function bookSeriesIn(
  tx: Db,
  ctx: ServiceContext,
  input: SeriesInput,
  now: Date,
  attempting: (attempt: { name: string; zone: string; booking: Interval }) => void = () => {},
): Promise<BookedOccurrence[]> {
  validateShape(input);
  const rooms = await lockRooms(tx, ctx, input);
  const conflicts = await conflictsOf(tx, ctx, input, rooms, now);
  if (conflicts.length > 0) throw new SeriesRefused(conflicts);
  for (const [id, room] of rooms)
    await checkLimit(
      tx,
      ctx,
      room.target,
      input.occurrences
        .filter((occurrence) => occurrence.resourceIds.includes(id))
        .map((occurrence) => ({ datetime_from: occurrence.start, datetime_to: occurrence.end })),
    );
  const booked: BookedOccurrence[] = [];
  let first = true;
  for (const [index, occurrence] of input.occurrences.entries()) {
    for (const id of new Set(occurrence.resourceIds)) {
      const room = rooms.get(id)!;
      attempting({
        name: room.name,
        zone: room.target.timezone,
        booking: { datetime_from: occurrence.start, datetime_to: occurrence.end },
      });
      const inserted = await insertBooking(
        tx,
        {
          company_id: ctx.companyId,
          resource_id: id,
          user_id: ctx.userId,
          created_by: ctx.userId,
          starts_at: occurrence.start,
          ends_at: occurrence.end,
          subject: input.subject.trim(),
          is_private: input.isPrivate,
          // A meeting's time need not fall on the plan's slots; it is kept at the finest slot type.
          slot_type: '15-minutes',
          approval_status: approvalOnBooking(room.target),
          exclusive: room.target.resource_capacity_type === 'exclusive',
          cost_cents: room.price
            ? bookingCost(room.price.price_cents, occurrence.start, occurrence.end, `occurrences.${index}`)
            : null,
          currency_id: room.price?.currency_id ?? null,
          source: input.source,
        },
        { resourceId: id, levelId: room.target.level_id, levelIds: room.chain },
        first ? { userId: ctx.userId } : null,
      );
      first = false;
      booked.push({
        occurrence: index,
        declaration_id: inserted.id,
        resource_id: id,
        start: occurrence.start,
        end: occurrence.end,
      });
    }
  }
  return booked;
}

/** Books the series in a transaction of its own; a double booking lost to a race is a 409 naming it. */
export async function bookSeries(
  ctx: ServiceContext,
  input: SeriesInput,
  now = new Date(),
): Promise<BookedOccurrence[]> {
  const booked = await answeringDoubleBooking((attempting) =>
    ctx.db.transaction().execute((tx) => bookSeriesIn(tx, ctx, input, now, attempting)),
  );
  void rowsWritten(ctx.db, 'declarations', booked.length);
  return booked;
}
