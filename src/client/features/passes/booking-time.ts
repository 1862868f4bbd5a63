import dayjs from 'dayjs';
import { addDays, wallClockAt } from '../../../shared/time/zone';
import { dayjsDateFormat, dayjsTimeFormat } from '../../i18n/dates';

export interface DisplayFormats {
  dateFormat: string;
  timeFormat: string;
}

/**
 * A booking's time as its place's clock shows it (the level's zone, not the viewer's), in the user's
 * date and time formats (spec §3 DateFormat, TimeFormat): "24.11.2026, 09:00 – 10:00", with the end
 * date too when it ends on another day.
 */
export function bookingTime(
  booking: { starts_at: string; ends_at: string; timezone: string },
  formats: DisplayFormats,
): string {
  const start = wallClockAt(new Date(booking.starts_at), booking.timezone);
  const next = wallClockAt(new Date(booking.ends_at), booking.timezone);
  // A booking that ends at midnight ends its own day at 24:00 (an all-day desk: 00:00 – 24:00).
  const end =
    next.time === '00:00' && next.date === addDays(start.date, 1)
      ? { date: start.date, time: '24:00' }
      : next;
  const date = (day: string) => dayjs(day).format(dayjsDateFormat(formats.dateFormat));
  const time = (clock: string) =>
    clock === '24:00' && /H/.test(formats.timeFormat)
      ? dayjs('2000-01-01T00:00').format(dayjsTimeFormat(formats.timeFormat)).replace(/^0?0/, '24')
      : dayjs(`2000-01-01T${clock}`).format(dayjsTimeFormat(formats.timeFormat));
  return start.date === end.date
    ? `${date(start.date)}, ${time(start.time)} – ${time(end.time)}`
    : `${date(start.date)}, ${time(start.time)} – ${date(end.date)}, ${time(end.time)}`;
}

export type DayName = { kind: 'today' } | { kind: 'tomorrow' } | { kind: 'date'; text: string };

/** The day a booking starts on, in its zone, named relative to `now` there. */
export function bookingDay(
  booking: { starts_at: string; timezone: string },
  formats: DisplayFormats,
  now: Date,
): DayName {
  const day = wallClockAt(new Date(booking.starts_at), booking.timezone).date;
  const today = wallClockAt(now, booking.timezone).date;
  if (day <= today) return { kind: 'today' };
  if (day === addDays(today, 1)) return { kind: 'tomorrow' };
  return { kind: 'date', text: dayjs(day).format(`dddd ${dayjsDateFormat(formats.dateFormat)}`) };
}
