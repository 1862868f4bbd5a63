import dayjs from 'dayjs';
import { DateLocalizer, type DateRange, type Formats } from 'react-big-calendar';
import type { BookingPreferences } from '../../../shared/booking/preferences';
import { userTimeFormat } from '../../../shared/time/grid';
import { dayjsDateFormat, dayjsTimeFormat } from '../../i18n/dates';
import { weekStartOf } from './calendar-events';

/** spec §9 time mode: am-pm asks for a 12-hour clock whatever the time format says. */
export function timeFormatOf(preferences: Pick<BookingPreferences, 'timeFormat' | 'dateTimeMode'>): string {
  return dayjsTimeFormat(userTimeFormat(preferences));
}

/** Every heading and time in the grid, in the user's DateFormat and TimeFormat. */
export function calendarFormats(
  preferences: Pick<BookingPreferences, 'dateFormat' | 'timeFormat' | 'dateTimeMode'>,
): Formats {
  const date = dayjsDateFormat(preferences.dateFormat);
  const time = timeFormatOf(preferences);
  const at = (value: Date, format: string) => dayjs(value).format(format);
  const dates = ({ start, end }: DateRange) => `${at(start, date)} – ${at(end, date)}`;
  const times = ({ start, end }: DateRange) => `${at(start, time)} – ${at(end, time)}`;
  return {
    dateFormat: 'D',
    dayFormat: `ddd ${date}`,
    weekdayFormat: 'ddd',
    timeGutterFormat: time,
    monthHeaderFormat: 'MMMM YYYY',
    dayRangeHeaderFormat: dates,
    dayHeaderFormat: `dddd ${date}`,
    agendaHeaderFormat: dates,
    agendaDateFormat: `ddd ${date}`,
    agendaTimeFormat: time,
    agendaTimeRangeFormat: times,
    eventTimeRangeFormat: times,
    eventTimeRangeStartFormat: ({ start }: DateRange) => `${at(start, time)} – `,
    eventTimeRangeEndFormat: ({ end }: DateRange) => ` – ${at(end, time)}`,
    selectRangeFormat: times,
  };
}

/**
 * react-big-calendar's own dayjs localizer takes the first day of the week from dayjs's global
 * locale, so it cannot follow the FirstDayOfWeek preference. This one keeps react-big-calendar's
 * date arithmetic (which honours a week start) and formats with dayjs, in the locale the session
 * loaded (i18n/dates applyDateLocale).
 */
export function calendarLocalizer(
  preferences: Pick<BookingPreferences, 'firstDayOfWeek' | 'dateFormat' | 'timeFormat' | 'dateTimeMode'>,
): DateLocalizer {
  const weekStart = weekStartOf(preferences.firstDayOfWeek);
  return new DateLocalizer({
    firstOfWeek: () => weekStart,
    format: (value, format) => dayjs(value as Date).format(format),
    formats: calendarFormats(preferences),
  });
}
