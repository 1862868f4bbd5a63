import { addDays, minutesOf, offsetMinutesAt, timeOf, zonedInstant } from './zone';

/**
 * The booking grid's maths (spec §2 /bookings-grid, §3 grid resource and grid booking, §9 grid
 * defaults), shared so the server's answer and the client's drawing agree: the day's columns, UTC
 * instants as each resource's wall clock, and the free time around each booking.
 */

/** spec §9 grid defaults. An end of 00:00 is the next midnight: the grid covers the whole day. */
export const GRID_DEFAULTS = {
  dateFormat: 'd.M.yyyy',
  timeFormat: 'HH:mm',
  start: '00:00',
  end: '00:00',
} as const;

const MINUTE_MS = 60_000;

/* ---------------------------------------------------------------- formats */

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

interface ClockParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

function token(name: string, parts: ClockParts): string {
  const twelve = parts.hour % 12 === 0 ? 12 : parts.hour % 12;
  switch (name) {
    case 'yyyy':
      return pad(parts.year, 4);
    case 'yy':
      return pad(parts.year % 100);
    case 'MM':
      return pad(parts.month);
    case 'M':
      return String(parts.month);
    case 'dd':
      return pad(parts.day);
    case 'd':
      return String(parts.day);
    case 'HH':
      return pad(parts.hour);
    case 'H':
      return String(parts.hour);
    case 'hh':
      return pad(twelve);
    case 'h':
      return String(twelve);
    case 'mm':
      return pad(parts.minute);
    default:
      return parts.hour % 24 < 12 ? 'AM' : 'PM';
  }
}

const TOKENS = /yyyy|yy|MM|M|dd|d|HH|H|hh|h|mm|a/g;

/**
 * A wall-clock date and time in a preference format: tokens yyyy, yy, MM, M, dd, d (date) and HH,
 * H, hh, h, mm, a (time; 'h' forms are 12-hour and 'a' adds AM/PM, spec §9). Other text stays.
 */
export function formatWallClock(date: string | null, time: string | null, pattern: string): string {
  const minutes = time ? minutesOf(time) : 0;
  const parts: ClockParts = {
    year: date ? Number(date.slice(0, 4)) : 0,
    month: date ? Number(date.slice(5, 7)) : 0,
    day: date ? Number(date.slice(8, 10)) : 0,
    // '24:00', the end of a day (an all-day slot's end), reads 24:00, not the 00:00 it starts with.
    hour: minutes >= 1440 ? 24 : Math.floor(minutes / 60),
    minute: minutes % 60,
  };
  return pattern.replace(TOKENS, (name) => token(name, parts));
}

/** Whether a time format is 12-hour ('h' without 'H'): such a format shows AM/PM (spec §9). */
export function withMeridiem(timeFormat: string): string {
  return /h/.test(timeFormat) && !/a/.test(timeFormat) ? `${timeFormat} a` : timeFormat;
}

/**
 * The time format a user's times are shown in (spec §9): their TimeFormat, or 'h:mm' when
 * DateTimeMode is am-pm and the format is a 24-hour one. An 'h' format shows AM/PM: pass the result
 * through withMeridiem for formatWallClock, or dayjsTimeFormat for dayjs.
 */
export function userTimeFormat(preferences: { timeFormat: string; dateTimeMode: 'h24' | 'am-pm' }): string {
  const format = preferences.timeFormat.trim() || GRID_DEFAULTS.timeFormat;
  return preferences.dateTimeMode === 'am-pm' && !/h/.test(format) ? 'h:mm' : format;
}

/** Writes a wall-clock time 'HH:MM' (a slot's from or to) the way the user's preferences say. */
export function clockWriter(preferences: {
  timeFormat: string;
  dateTimeMode: 'h24' | 'am-pm';
}): (time: string) => string {
  const pattern = withMeridiem(userTimeFormat(preferences));
  return (time) => formatWallClock(null, time, pattern);
}

/* ---------------------------------------------------------------- UTC → the resource's clock */

export interface ResourceClock {
  /** 'YYYY-MM-DD' and 'HH:MM' as a clock in the zone shows them */
  date: string;
  time: string;
  /** the zone's offset from UTC in minutes at that instant (Zurich in winter: 60) */
  offset: number;
  /** the instant written as that wall clock with its offset: '2026-11-23T09:00:00+01:00' */
  iso: string;
}

// Reading a zone's clock through Intl costs microseconds, and a grid converts thousands of instants.
// A zone's offset changes only at a quarter hour (every transition in the tz database falls on one),
// so it is read once per zone and quarter hour and the clock is computed from it.
const QUARTER_MS = 15 * 60_000;
const OFFSETS_KEPT = 20_000;
const offsets = new Map<string, number>();

function offsetAt(instant: number, timeZone: string): number {
  const key = `${timeZone}|${Math.floor(instant / QUARTER_MS)}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    offset = offsetMinutesAt(new Date(Math.floor(instant / QUARTER_MS) * QUARTER_MS), timeZone);
    if (offsets.size >= OFFSETS_KEPT) offsets.clear();
    offsets.set(key, offset);
  }
  return offset;
}

/** A UTC instant as the wall clock of `timeZone` (a grid booking is shown in its resource's zone). */
export function toResourceClock(instant: Date | string, timeZone: string): ResourceClock {
  const at = typeof instant === 'string' ? Date.parse(instant) : instant.getTime();
  const offset = offsetAt(at, timeZone);
  const local = new Date(at + offset * 60_000);
  const date = `${pad(local.getUTCFullYear(), 4)}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}`;
  const time = `${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}`;
  const sign = offset < 0 ? '-' : '+';
  const absolute = Math.abs(offset);
  const iso = `${date}T${time}:${pad(local.getUTCSeconds())}${sign}${pad(Math.floor(absolute / 60))}:${pad(absolute % 60)}`;
  return { date, time, offset, iso };
}

/* ---------------------------------------------------------------- the day */

export interface GridDay {
  /** the instants the grid starts and ends (end after start: 00:00 to 00:00 is the whole day) */
  start: Date;
  end: Date;
}

/** Every instant any zone's `date` can cover: the UTC day widened by the largest offsets. */
export function anyZoneDay(date: string): { from: Date; to: Date } {
  const midnight = Date.parse(`${date}T00:00:00Z`);
  return { from: new Date(midnight - 14 * 3_600_000), to: new Date(midnight + 38 * 3_600_000) };
}

/**
 * The instants a grid of `date` covers in `timeZone`, from `start` to `end` ('HH:MM'); an end at or
 * before the start is on the next day (the default 00:00 to 00:00 is one whole day: 23 or 25 hours
 * on a daylight-saving change).
 */
export function gridDay(
  date: string,
  timeZone: string,
  start: string = GRID_DEFAULTS.start,
  end: string = GRID_DEFAULTS.end,
): GridDay {
  const from = minutesOf(start);
  const to = minutesOf(end);
  const endDate = to <= from ? addDays(date, 1) : date;
  return { start: zonedInstant(date, from, timeZone), end: zonedInstant(endDate, to, timeZone) };
}

export interface GridColumn {
  /** the column's first instant */
  instant: Date;
  /** minutes from the grid's start */
  minute: number;
  /** its wall-clock time in the zone, in the time format */
  label: string;
}

/**
 * The grid's columns: one every `stepMinutes` of real time from the day's start to its end, each
 * labelled with the zone's wall clock (so a spring-forward day has no 02:00 column).
 */
export function gridColumns(
  date: string,
  timeZone: string,
  options: { start?: string; end?: string; stepMinutes?: number; timeFormat?: string } = {},
): GridColumn[] {
  const { start, end } = gridDay(date, timeZone, options.start, options.end);
  const step = Math.max(1, Math.floor(options.stepMinutes ?? 60));
  const format = options.timeFormat ?? GRID_DEFAULTS.timeFormat;
  const columns: GridColumn[] = [];
  for (let at = start.getTime(); at < end.getTime(); at += step * MINUTE_MS) {
    const instant = new Date(at);
    const clock = toResourceClock(instant, timeZone);
    columns.push({
      instant,
      minute: Math.round((at - start.getTime()) / MINUTE_MS),
      label: formatWallClock(clock.date, clock.time, format),
    });
  }
  return columns;
}

/** Minutes from the grid's start to `instant`, clipped to the grid's day. */
export function minuteInGrid(instant: Date, day: GridDay): number {
  const clipped = Math.min(Math.max(instant.getTime(), day.start.getTime()), day.end.getTime());
  return Math.round((clipped - day.start.getTime()) / MINUTE_MS);
}

/**
 * A resource's grid day as minutes, for a client to draw it without reading the zone itself (a
 * page's first Intl.DateTimeFormat costs 15–20 ms of its main thread): the day's first instant,
 * its length (1440, or 1380 / 1500 on a daylight-saving change) and its open spans.
 */
export function dayInMinutes(
  day: GridDay,
  open: ReadonlyArray<{ from: Date; to: Date }>,
): { day_start: string; day_minutes: number; open_minutes: Array<{ start: number; end: number }> } {
  return {
    day_start: day.start.toISOString(),
    day_minutes: Math.round((day.end.getTime() - day.start.getTime()) / MINUTE_MS),
    open_minutes: open.map((span) => ({
      start: minuteInGrid(span.from, day),
      end: minuteInGrid(span.to, day),
    })),
  };
}

/** The grid's hour marks in a zone: each hour's minute from the day's start and its wall clock. */
export function hourMarks(
  date: string,
  timeZone: string,
  timeFormat: string,
): Array<{ minute: number; label: string }> {
  return gridColumns(date, timeZone, { stepMinutes: 60, timeFormat }).map(({ minute, label }) => ({
    minute,
    label,
  }));
}

/** The 'HH:MM' times of a wall clock for minutes past midnight; 1440 is '24:00' (the day's end). */
export const clockLabel = (minutes: number) => (minutes >= 1440 ? '24:00' : timeOf(minutes));

/* ---------------------------------------------------------------- gaps */

export interface TimeSpan {
  starts_at: Date;
  ends_at: Date;
}

export interface BookingGaps {
  /** whole minutes from the previous booking's end (or the resource's start) to this one's start */
  previous_booking_in_minutes: number;
  /** whole minutes from this one's end to the next booking's start (or the resource's end) */
  next_booking_in_minutes: number;
  /** how far the booking may grow: the previous edge and the next edge */
  limits: { from: Date; to: Date };
}

const wholeMinutes = (ms: number) => Math.max(0, Math.floor(ms / MINUTE_MS));

/**
 * The free time before and after each of one resource's bookings (spec §9: whole minutes, never
 * negative, the resource's start and end as the edges where no booking is). The previous edge is
 * the latest end of the bookings that start before this one (an earlier booking still running
 * leaves no gap); the next edge the earliest start of those starting after it. Answers in the
 * order of `bookings`.
 */
export function bookingGaps(
  bookings: readonly TimeSpan[],
  resourceStart: Date,
  resourceEnd: Date,
): BookingGaps[] {
  const order = bookings
    .map((booking, index) => ({ booking, index }))
    .sort(
      (a, b) =>
        a.booking.starts_at.getTime() - b.booking.starts_at.getTime() ||
        a.booking.ends_at.getTime() - b.booking.ends_at.getTime() ||
        a.index - b.index,
    );
  const result = new Array<BookingGaps>(bookings.length);
  // The latest end among the bookings before each position, in start order.
  let latestEnd = resourceStart.getTime();
  const previousEdge: number[] = [];
  for (const { booking } of order) {
    previousEdge.push(latestEnd);
    latestEnd = Math.max(latestEnd, booking.ends_at.getTime());
  }
  // The earliest start among the bookings after each position.
  let earliestStart = resourceEnd.getTime();
  const nextEdge = new Array<number>(order.length);
  for (let position = order.length - 1; position >= 0; position -= 1) {
    nextEdge[position] = earliestStart;
    earliestStart = Math.min(earliestStart, order[position]!.booking.starts_at.getTime());
  }
  order.forEach(({ booking, index }, position) => {
    const from = Math.min(previousEdge[position]!, booking.starts_at.getTime());
    const to = Math.max(nextEdge[position]!, booking.ends_at.getTime());
    result[index] = {
      previous_booking_in_minutes: wholeMinutes(booking.starts_at.getTime() - previousEdge[position]!),
      next_booking_in_minutes: wholeMinutes(nextEdge[position]! - booking.ends_at.getTime()),
      limits: { from: new Date(from), to: new Date(to) },
    };
  });
  return result;
}
