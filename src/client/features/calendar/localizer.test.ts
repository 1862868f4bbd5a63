import { describe, expect, it } from 'vitest';
import { readBookingPreferences } from '../../../shared/booking/preferences';
import { calendarLocalizer, timeFormatOf } from './localizer';

const at = new Date(2026, 10, 25, 14, 5);

describe('the calendar follows the user’s booking preferences (spec §3 FirstDayOfWeek, DateFormat, TimeFormat)', () => {
  it('starts the week on the preferred day', () => {
    expect(calendarLocalizer(readBookingPreferences({ FirstDayOfWeek: '0' })).startOfWeek('')).toBe(1);
    expect(calendarLocalizer(readBookingPreferences({ FirstDayOfWeek: '6' })).startOfWeek('')).toBe(0);
    const week = calendarLocalizer(readBookingPreferences({ FirstDayOfWeek: '0' }));
    expect(week.startOf(at, 'week', week.startOfWeek('')).getDate()).toBe(23);
  });

  it('writes dates and times in the preferred formats', () => {
    const localizer = calendarLocalizer(
      readBookingPreferences({ DateFormat: 'dd/MM/yyyy', TimeFormat: 'HH:mm' }),
    );
    const formats = localizer.formats as Record<string, unknown>;
    expect(localizer.format(at, formats.timeGutterFormat as string)).toBe('14:05');
    expect(localizer.format(at, formats.dayHeaderFormat as string)).toBe('Wednesday 25/11/2026');
  });

  it('uses a 12-hour clock in am-pm mode', () => {
    expect(timeFormatOf({ timeFormat: 'HH:mm', dateTimeMode: 'am-pm' })).toBe('h:mm A');
    expect(timeFormatOf({ timeFormat: 'h:mm', dateTimeMode: 'h24' })).toBe('h:mm A');
    expect(timeFormatOf({ timeFormat: 'HH:mm', dateTimeMode: 'h24' })).toBe('HH:mm');
  });
});
