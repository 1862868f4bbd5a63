import type { Kysely } from 'kysely';
import {
  BOOKING_PREFERENCE_DEFAULTS,
  readBookingPreferences,
  type BookingPreferences,
} from '../../../shared/booking/preferences';
import {
  buildSlots,
  type Closure,
  type Slot,
  type SlotType,
  type WeeklyWindow,
} from '../../../shared/time/slots';
import { addDays, wallClockAt, zonedInstant } from '../../../shared/time/zone';
import type { ServiceContext } from '../../context';
import type { Database } from '../../db/schema';
import type { BookingTarget } from './booking-context.queries';
import { preferenceTexts } from './declarations.queries';
import { closuresOf, windowsOf } from './level-day.queries';

/** The instants a calendar day of a zone runs between (23 or 25 hours on a daylight-saving day). */
export function dayBounds(date: string, timeZone: string): { start: Date; end: Date } {
  return { start: zonedInstant(date, 0, timeZone), end: zonedInstant(addDays(date, 1), 0, timeZone) };
}

/** 'HH:MM' of an instant on the level's clock, for messages. */
export const clockTime = (instant: Date, timeZone: string) => wallClockAt(instant, timeZone).time;

/** The user's booking preferences (their value where set, else the company's, else the default). */
export async function bookingPreferences(
  db: Kysely<Database>,
  ctx: ServiceContext,
): Promise<BookingPreferences> {
  return readBookingPreferences(
    await preferenceTexts(db, ctx.companyId, ctx.userId, Object.keys(BOOKING_PREFERENCE_DEFAULTS)),
  );
}

// Building a day's slots turns each boundary into an instant of the zone, which costs (Intl); most
// resources share their hours and windows, so the days built lately are kept, by what they are
// built from. The slots are never changed by their readers.
const SLOTS_KEPT = 500;
const builtSlots = new Map<string, Slot[]>();

/**
 * A resource's slots of a day in its level's zone: working hours, the resource's windows and
 * closures (the same arrays for the same inputs while they are kept).
 */
export function resourceSlots(
  target: Pick<BookingTarget, 'timezone' | 'working_hours_from' | 'working_hours_to'>,
  date: string,
  type: SlotType,
  afternoonFrom: string,
  windows: readonly WeeklyWindow[],
  closures: readonly Closure[],
): Slot[] {
  const key = JSON.stringify([
    target.timezone,
    target.working_hours_from,
    target.working_hours_to,
    date,
    type,
    afternoonFrom,
    windows,
    closures.map((closure) => [closure.starts_at.getTime(), closure.ends_at.getTime()]),
  ]);
  let slots = builtSlots.get(key);
  if (slots) return slots;
  slots = buildSlots({
    date,
    timeZone: target.timezone,
    working_hours_from: target.working_hours_from,
    working_hours_to: target.working_hours_to,
    type,
    afternoon_from: afternoonFrom,
    windows,
    closures,
  });
  if (builtSlots.size >= SLOTS_KEPT) builtSlots.delete(builtSlots.keys().next().value!);
  builtSlots.set(key, slots);
  return slots;
}

/**
 * Until when the resource stays bookable without a break from `from` on: the end of the run of
 * available slots that starts at or covers `from` (`from` itself when none does).
 */
export function openUntil(slots: readonly Slot[], from: Date): Date {
  let until = from;
  for (const slot of slots) {
    if (slot.datetime_to <= until) continue;
    if (!slot.available || slot.datetime_from > until) break;
    until = slot.datetime_to;
  }
  return until;
}

/**
 * Until when a resource stays bookable from `from` on, within the day `from` ends: its level's working
 * hours, its weekly windows and its closures, as creating a booking reads them.
 */
export async function openFrom(
  db: Kysely<Database>,
  companyId: number,
  target: BookingTarget,
  from: Date,
): Promise<Date> {
  const date = wallClockAt(new Date(from.getTime() - 1), target.timezone).date;
  const { start, end } = dayBounds(date, target.timezone);
  const [windows, closures] = await Promise.all([
    windowsOf(db, companyId, [target.id]),
    closuresOf(db, companyId, [target.id], start, end),
  ]);
  // The finest slots; where the afternoon starts matters to half days only.
  const slots = resourceSlots(
    target,
    date,
    '15-minutes',
    BOOKING_PREFERENCE_DEFAULTS.AfternoonFrom,
    windows.get(target.id) ?? [],
    closures.get(target.id) ?? [],
  );
  return openUntil(slots, from);
}

/** The most bookings that overlap at any one instant between `from` and `to`. */
export function maxConcurrent(
  bookings: ReadonlyArray<{ starts_at: Date; ends_at: Date }>,
  from: Date,
  to: Date,
): number {
  const events: Array<[number, number]> = [];
  for (const booking of bookings) {
    const start = Math.max(booking.starts_at.getTime(), from.getTime());
    const end = Math.min(booking.ends_at.getTime(), to.getTime());
    if (start >= end) continue;
    events.push([start, 1], [end, -1]);
  }
  // An end and a start at the same instant do not overlap: ends first.
  events.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  let current = 0;
  let most = 0;
  for (const [, change] of events) {
    current += change;
    most = Math.max(most, current);
  }
  return most;
}
