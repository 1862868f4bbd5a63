import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { dayjsDateFormat, dayjsTimeFormat } from '../../i18n/dates';

dayjs.extend(utc);
dayjs.extend(timezone);

/** A meeting time (a UTC Date from Office.js) in the user's zone and formats. */
export function formatMeetingTime(
  time: Date,
  { timezone: zone, dateFormat, timeFormat }: { timezone: string; dateFormat: string; timeFormat: string },
): string {
  let local = dayjs(time);
  try {
    local = local.tz(zone);
  } catch {
    // An unknown zone name: show the pane's own local time rather than nothing.
  }
  return local.format(`${dayjsDateFormat(dateFormat)} ${dayjsTimeFormat(timeFormat)}`);
}
