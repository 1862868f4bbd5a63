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
  const end = wallClockAt(new Date(booking.ends_at), booking.timezone);
  const date = (day: string) => dayjs(day).format(dayjsDateFormat(formats.dateFormat));
  const time = (clock: string) => dayjs(`2000-01-01T${clock}`).format(dayjsTimeFormat(formats.timeFormat));
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
