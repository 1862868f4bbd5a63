// What the bookings list, the grid and their changes decide, apart from the database.
import { APPROVAL_STATUSES, DECLARATION_STATUSES } from '../../../shared/booking/declaration-rules';
import type { BookingRow, BookingSortField, DatePeriod } from '../../../shared/contract/bookings';
import { BOOKING_SORT_FIELDS, MAX_PERIOD_DAYS } from '../../../shared/contract/bookings';
import { can } from '../../../shared/permissions';
import { formatWallClock } from '../../../shared/time/grid';
import { addDays, isoWeekday } from '../../../shared/time/zone';
import type { ServiceContext } from '../../context';
import { actsFor, principalsFor } from '../delegations';

export const BOOKING_MESSAGES = {
  presetNotFound: 'Preset not found.',
  bookingNotFound: 'Booking not found.',
  hostNotAllowed: 'You are not allowed to book on behalf of someone else.',
  hostNotValid: 'The selected host is not valid.',
  changeNotAllowed: "Only the booking's host can change it.",
  cannotMove:
    'Only a booking that has not ended and is not cancelled, released or checked out can be changed.',
  startedMoves: 'A checked-in booking keeps its start.',
  slotsApart: 'The slots must follow each other.',
  oneDay: 'A booking starts and ends on the same day.',
  resourceNotFound: 'Resource not found.',
} as const;

/** spec §6: BOOKINGS read sees everyone's bookings; MY_BOOKINGS alone sees the caller's. */
export const seesEveryone = (ctx: ServiceContext) => can(ctx.permissions ?? [], ['BOOKINGS', 'read']);

/**
 * Booking on behalf of someone else (issue 7 item 4): creating needs BOOKINGS create, moving a
 * booking to another host BOOKINGS update, or a delegation of MY_BOOKINGS from that host (spec §5
 * delegations; src/shared/permissions/delegable.ts). The delegation is read only when the
 * permission does not decide.
 */
export async function mayBookFor(
  ctx: ServiceContext,
  action: 'create' | 'update',
  hostId: number,
  db: ServiceContext['db'] = ctx.db,
): Promise<boolean> {
  return can(ctx.permissions ?? [], ['BOOKINGS', action]) || actsFor(ctx, hostId, 'MY_BOOKINGS', db);
}

/** Changing another person's booking needs BOOKINGS update (as cancelling it does). */
export const mayChangeOthers = (ctx: ServiceContext) => can(ctx.permissions ?? [], ['BOOKINGS', 'update']);

/** Changing the booking of `hostId`: one's own, anyone's with BOOKINGS update, a delegator's. */
export async function mayChangeBookingOf(
  ctx: ServiceContext,
  hostId: number,
  db: ServiceContext['db'] = ctx.db,
): Promise<boolean> {
  return hostId === ctx.userId || mayChangeOthers(ctx) || actsFor(ctx, hostId, 'MY_BOOKINGS', db);
}

/**
 * The people whose bookings the caller sees and changes through a delegation, read only when the
 * caller's permissions do not already cover everyone's (`covered`).
 */
export const delegatorsUnless = (ctx: ServiceContext, covered: boolean): Promise<ReadonlySet<number>> =>
  covered ? Promise.resolve(new Set()) : principalsFor(ctx, 'MY_BOOKINGS');

export interface ResolvedPeriod {
  date_from: string;
  /** the last day covered, inclusive */
  date_to: string;
}

/**
 * The calendar days a preset's period covers on `today` (the user's zone), its end pushed
 * `extendDays` later, never longer than MAX_PERIOD_DAYS. 'this-week' starts on the user's first
 * day of the week (spec §9 0 Monday … 6 Sunday).
 */
export function resolvePeriod(
  period: DatePeriod,
  today: string,
  firstDayOfWeek: number,
  extendDays = 0,
): ResolvedPeriod {
  const weekStart = () => {
    const index = isoWeekday(today) - 1; // 0 Monday … 6 Sunday
    return addDays(today, -((index - firstDayOfWeek + 7) % 7));
  };
  let from: string;
  let to: string;
  switch (period.type) {
    case 'today':
      [from, to] = [today, today];
      break;
    case 'tomorrow':
      from = to = addDays(today, 1);
      break;
    case 'this-week':
      from = weekStart();
      to = addDays(from, 6);
      break;
    case 'next-week':
      from = addDays(weekStart(), 7);
      to = addDays(from, 6);
      break;
    case 'next-7-days':
      [from, to] = [today, addDays(today, 6)];
      break;
    case 'next-30-days':
      [from, to] = [today, addDays(today, 29)];
      break;
    case 'this-month': {
      from = `${today.slice(0, 8)}01`;
      const nextMonth = new Date(`${from}T00:00:00Z`);
      nextMonth.setUTCMonth(nextMonth.getUTCMonth() + 1);
      to = addDays(nextMonth.toISOString().slice(0, 10), -1);
      break;
    }
    case 'custom':
      from = period.date_from!;
      to = period.date_to!;
      break;
  }
  to = addDays(to, extendDays);
  const longest = addDays(from, MAX_PERIOD_DAYS - 1);
  return { date_from: from, date_to: to < longest ? to : longest };
}

/** '23.11.2026' for one day, '23.11.2026 – 29.11.2026' for more, in the user's date format. */
export function periodLabel(period: ResolvedPeriod, dateFormat: string): string {
  const from = formatWallClock(period.date_from, null, dateFormat);
  if (period.date_from === period.date_to) return from;
  return `${from} – ${formatWallClock(period.date_to, null, dateFormat)}`;
}

/** A stored sort preference, or the fallback when it names no known field. */
export function sortField(stored: string | null | undefined, fallback: BookingSortField): BookingSortField {
  return (BOOKING_SORT_FIELDS as readonly string[]).includes(stored ?? '')
    ? (stored as BookingSortField)
    : fallback;
}

const text = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'base', numeric: true });
const number = (a: number, b: number) => a - b;

const COMPARE: Record<BookingSortField, (a: BookingRow, b: BookingRow) => number> = {
  resource: (a, b) => text(a.resource.name, b.resource.name),
  booking_id: (a, b) => number(a.booking_id, b.booking_id),
  subject: (a, b) => text(a.subject, b.subject),
  host: (a, b) => text(a.host.name, b.host.name),
  start_time: (a, b) => text(a.start_time, b.start_time),
  // a free booking before the cheapest paid one
  cost: (a, b) => number(a.cost?.cents ?? -1, b.cost?.cents ?? -1),
  status: (a, b) => number(DECLARATION_STATUSES.indexOf(a.status), DECLARATION_STATUSES.indexOf(b.status)),
  approval_status: (a, b) =>
    number(APPROVAL_STATUSES.indexOf(a.approval_status), APPROVAL_STATUSES.indexOf(b.approval_status)),
  level: (a, b) => text(a.resource.path, b.resource.path),
};

/**
 * The rows by the BookingFirstSortField, then the BookingSecondSortField preference, then start
 * and id so that equal rows keep a stable order between calls. start_time compares ISO instants
 * in UTC, which sort as text.
 */
export function sortRows(
  rows: BookingRow[],
  first: BookingSortField,
  second: BookingSortField,
): BookingRow[] {
  return rows.sort(
    (a, b) =>
      COMPARE[first](a, b) || COMPARE[second](a, b) || COMPARE.start_time(a, b) || COMPARE.booking_id(a, b),
  );
}
