import type { BookingSlot } from '../../../shared/contract/declarations';
import type { Grid, GridBooking, GridResource } from '../../../shared/contract/bookings';
import {
  GRID_DEFAULTS,
  formatWallClock,
  gridColumns,
  gridDay,
  minuteInGrid,
  toResourceClock,
  withMeridiem,
} from '../../../shared/time/grid';
import type { MinuteSpan } from './grid-geometry';

/**
 * The booking grid's rows from the grid and grid-bookings answers: each resource's day in minutes
 * of real time from its grid start (so a daylight-saving day is 23 or 25 hours long), in its own
 * zone, with its open hours, closed gaps and bookings placed on it.
 */
export interface GridBlock {
  id: number;
  span: MinuteSpan;
  /** what the block reads: the subject, or the host where the subject is not shown (private) */
  title: string;
  /** 'HH:mm – HH:mm' in the resource's time format and zone */
  time: string;
  /** the caller may resize, change and cancel it */
  editable: boolean;
  /** someone else's booking whose subject and host the caller may not see (MY_BOOKINGS alone) */
  hidden: boolean;
  /** spec §9 gaps in whole minutes, for the booking's accessible name and tooltip */
  previousGap: number;
  nextGap: number;
  booking: GridBooking;
}

export interface GridRowModel {
  id: number;
  name: string;
  timezone: string;
  /** the day's length in minutes (1440, or 1380 / 1500 on a daylight-saving change) */
  dayMinutes: number;
  /** the first instant of the grid's day, ms */
  dayStart: number;
  /** the smallest step the user may book on it */
  step: number;
  /** from the first opening to the last closing of the day ({0,0}: closed all day) */
  open: MinuteSpan;
  /** closed time between the day's openings: it cannot be selected */
  closed: MinuteSpan[];
  formatMinute: (minute: number) => string;
  blocks: GridBlock[];
}

export interface HourMark {
  minute: number;
  label: string;
}

const MINUTE_MS = 60_000;
const GONE = new Set<GridBooking['status']>(['cancelled', 'released']);

type DayOf = (date: string, timeZone: string, start: string, end: string) => { start: Date; end: Date };

/**
 * gridDay for one answer's rows, each zone, date and hours computed once: reading a zone's offsets
 * goes through Intl, and a thousand resources on one floor share their day.
 */
function dayReader(): DayOf {
  const days = new Map<string, { start: Date; end: Date }>();
  return (date, timeZone, start, end) => {
    const key = `${date}|${timeZone}|${start}|${end}`;
    let day = days.get(key);
    if (!day) {
      day = gridDay(date, timeZone, start, end);
      days.set(key, day);
    }
    return day;
  };
}

function clockFormatter(resource: GridResource, dayStart: number) {
  const format = withMeridiem(resource.time_format || GRID_DEFAULTS.timeFormat);
  return (minute: number) => {
    const clock = toResourceClock(new Date(dayStart + minute * MINUTE_MS), resource.timezone);
    return formatWallClock(clock.date, clock.time, format);
  };
}

/** The open spans of the resource's day as minutes of its grid; closed all day gives none. */
function openSpans(
  resource: GridResource,
  date: string,
  day: { start: Date; end: Date },
  dayOf: DayOf,
): MinuteSpan[] {
  const windows =
    resource.limits.open.length > 0
      ? resource.limits.open
      : resource.resource_start && resource.resource_end
        ? [{ from: resource.resource_start, to: resource.resource_end }]
        : [];
  return windows
    .map((window) => {
      // An end of '24:00', or at or before the start, is the next midnight (gridDay's rule).
      const { start, end } = dayOf(date, resource.timezone, window.from.slice(0, 5), window.to.slice(0, 5));
      return { start: minuteInGrid(start, day), end: minuteInGrid(end, day) };
    })
    .filter((span) => span.end > span.start)
    .sort((a, b) => a.start - b.start);
}

export function toGridRows(grid: Grid, bookings: readonly GridBooking[], mineOnly = false): GridRowModel[] {
  const byResource = new Map<number, GridBooking[]>();
  for (const booking of bookings) {
    const list = byResource.get(booking.resource_id) ?? [];
    list.push(booking);
    byResource.set(booking.resource_id, list);
  }
  const dayOf = dayReader();
  return grid.data.map((resource) => {
    const day = dayOf(
      grid.date,
      resource.timezone,
      (resource.start || GRID_DEFAULTS.start).slice(0, 5),
      (resource.end || GRID_DEFAULTS.end).slice(0, 5),
    );
    const dayStart = day.start.getTime();
    const dayMinutes = Math.round((day.end.getTime() - dayStart) / MINUTE_MS);
    const formatMinute = clockFormatter(resource, dayStart);
    const spans = openSpans(resource, grid.date, day, dayOf);
    const open = spans.length
      ? { start: spans[0]!.start, end: spans[spans.length - 1]!.end }
      : { start: 0, end: 0 };
    const closed = spans.slice(1).map((span, index) => ({ start: spans[index]!.end, end: span.start }));
    const blocks = (byResource.get(resource.id) ?? [])
      // A cancelled or released booking no longer holds its time: the grid shows it free.
      .filter((booking) => !GONE.has(booking.status) && (!mineOnly || booking.mine))
      .map((booking) => {
        const span = {
          start: minuteInGrid(new Date(booking.datetime_from), day),
          end: minuteInGrid(new Date(booking.datetime_to), day),
        };
        return {
          id: booking.id,
          span,
          title: booking.subject || booking.host.name,
          time: `${booking.starts} – ${booking.ends}`,
          editable: booking.can_edit,
          hidden: !booking.mine && booking.host.id === 0,
          previousGap: booking.previous_booking_in_minutes,
          nextGap: booking.next_booking_in_minutes,
          booking,
        };
      })
      .filter((block) => block.span.end > block.span.start);
    return {
      id: resource.id,
      name: resource.name,
      timezone: resource.timezone,
      dayMinutes,
      dayStart,
      step: Math.max(1, resource.limits.step_minutes || 15),
      open,
      closed,
      formatMinute,
      blocks,
    };
  });
}

/** The header's hour marks, from the first resource's day (each row reads its own zone's clock). */
export function hourMarksOf(grid: Grid): HourMark[] {
  const first = grid.data[0];
  if (!first) return [];
  return gridColumns(grid.date, first.timezone, {
    start: (first.start || GRID_DEFAULTS.start).slice(0, 5),
    end: (first.end || GRID_DEFAULTS.end).slice(0, 5),
    stepMinutes: 60,
    timeFormat: withMeridiem(first.time_format || GRID_DEFAULTS.timeFormat),
  }).map((column) => ({ minute: column.minute, label: column.label }));
}

/**
 * A span of a row as the slots the booking engine takes: one per step (spec §7 store and resize
 * send slots; each must be one of the resource's slots of its day).
 */
export function slotsOf(row: GridRowModel, span: MinuteSpan): BookingSlot[] {
  const slots: BookingSlot[] = [];
  for (let minute = span.start; minute < span.end; minute += row.step) {
    const end = Math.min(minute + row.step, span.end);
    slots.push({
      datetime_from: new Date(row.dayStart + minute * MINUTE_MS).toISOString(),
      datetime_to: new Date(row.dayStart + end * MINUTE_MS).toISOString(),
    });
  }
  return slots;
}
