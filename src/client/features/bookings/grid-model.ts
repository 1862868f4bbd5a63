import type { BookingSlot } from '../../../shared/contract/declarations';
import type { Grid, GridBooking, GridResource } from '../../../shared/contract/bookings';
import { GRID_DEFAULTS, formatWallClock, toResourceClock, withMeridiem } from '../../../shared/time/grid';
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

function clockFormatter(resource: GridResource, dayStart: number) {
  const format = withMeridiem(resource.time_format || GRID_DEFAULTS.timeFormat);
  return (minute: number) => {
    const clock = toResourceClock(new Date(dayStart + minute * MINUTE_MS), resource.timezone);
    return formatWallClock(clock.date, clock.time, format);
  };
}

/**
 * The rows from the server's day of each resource (its first instant, length and open spans in
 * minutes: GridResource day_start, day_minutes, open_minutes), so that no zone is read to draw them.
 * The clock texts a drag or the keyboard announces (formatMinute) read the zone when first asked.
 */
export function toGridRows(grid: Grid, bookings: readonly GridBooking[], mineOnly = false): GridRowModel[] {
  const byResource = new Map<number, GridBooking[]>();
  for (const booking of bookings) {
    const list = byResource.get(booking.resource_id) ?? [];
    list.push(booking);
    byResource.set(booking.resource_id, list);
  }
  return grid.data.map((resource) => {
    const dayStart = Date.parse(resource.day_start);
    const dayMinutes = resource.day_minutes;
    const formatMinute = clockFormatter(resource, dayStart);
    const spans = resource.open_minutes.filter((span) => span.end > span.start);
    const open = spans.length
      ? { start: spans[0]!.start, end: spans[spans.length - 1]!.end }
      : { start: 0, end: 0 };
    const closed = spans.slice(1).map((span, index) => ({ start: spans[index]!.end, end: span.start }));
    const blocks = (byResource.get(resource.id) ?? [])
      // A cancelled or released booking no longer holds its time: the grid shows it free.
      .filter((booking) => !GONE.has(booking.status) && (!mineOnly || booking.mine))
      .map((booking) => {
        // The server's minutes from the same day, clipped to it (grid-bookings start_minute, end_minute).
        const span = { start: booking.start_minute, end: booking.end_minute };
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
