import { describe, expect, it } from 'vitest';
import { createWhen } from '../../i18n/format-when';
import { bookingDay, bookingTime } from './booking-time';

// The viewer is in New York: a booking shows its level's clock (Zurich), not theirs.
const settings = { dateFormat: 'd.M.yyyy', timeFormat: 'HH:mm', zone: 'America/New_York', language: 'en' };
const formats = createWhen(settings);
const zurich = (starts: string, ends: string) => ({
  starts_at: starts,
  ends_at: ends,
  timezone: 'Europe/Zurich',
});

describe('bookingTime: a booking in its level’s zone and the user’s formats (spec §3 DateFormat, TimeFormat)', () => {
  it('shows the place’s clock, not the viewer’s or UTC', () => {
    expect(bookingTime(zurich('2026-11-24T08:00:00.000Z', '2026-11-24T09:00:00.000Z'), formats)).toBe(
      '24.11.2026 09:00–10:00',
    );
  });

  it('labels an all-day booking from midnight to midnight 00:00–24:00 on its day, not 00:00–00:00', () => {
    expect(bookingTime(zurich('2026-11-23T23:00:00.000Z', '2026-11-24T23:00:00.000Z'), formats)).toBe(
      '24.11.2026 00:00–24:00',
    );
  });

  it('follows a 12-hour time format and names the end day when it differs', () => {
    expect(
      bookingTime(
        zurich('2026-11-24T21:00:00.000Z', '2026-11-25T07:30:00.000Z'),
        createWhen({ ...settings, dateFormat: 'dd/MM/yyyy', timeFormat: 'h:mm' }),
      ),
    ).toBe('24/11/2026 10:00 PM – 25/11/2026 8:30 AM');
  });
});

describe('bookingDay', () => {
  const now = new Date('2026-11-24T06:00:00.000Z');
  it('names today and tomorrow in the booking’s zone, other days by date', () => {
    expect(bookingDay(zurich('2026-11-24T23:30:00.000Z', ''), formats, now)).toEqual({ kind: 'tomorrow' });
    expect(bookingDay(zurich('2026-11-24T22:30:00.000Z', ''), formats, now)).toEqual({ kind: 'today' });
    expect(bookingDay(zurich('2026-11-27T10:00:00.000Z', ''), formats, now)).toEqual({
      kind: 'date',
      text: 'Friday 27.11.2026',
    });
  });
});
