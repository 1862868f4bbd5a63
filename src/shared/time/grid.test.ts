import { describe, expect, it } from 'vitest';
import {
  bookingGaps,
  clockWriter,
  dayInMinutes,
  formatWallClock,
  GRID_DEFAULTS,
  gridColumns,
  gridDay,
  hourMarks,
  minuteInGrid,
  toResourceClock,
  withMeridiem,
} from './grid';

const ZURICH = 'Europe/Zurich';
const at = (iso: string) => new Date(iso);
const span = (from: string, to: string) => ({ starts_at: at(from), ends_at: at(to) });

describe('grid defaults (spec §9)', () => {
  it('uses d.M.yyyy, HH:mm and a grid from 00:00 to 00:00', () => {
    expect(GRID_DEFAULTS).toEqual({
      dateFormat: 'd.M.yyyy',
      timeFormat: 'HH:mm',
      start: '00:00',
      end: '00:00',
    });
  });

  it('formats a wall clock with the date and time formats', () => {
    expect(formatWallClock('2026-11-03', '09:05', 'd.M.yyyy HH:mm')).toBe('3.11.2026 09:05');
    expect(formatWallClock('2026-11-03', null, 'dd/MM/yy')).toBe('03/11/26');
    expect(formatWallClock(null, '13:30', 'h:mm a')).toBe('1:30 PM');
    expect(formatWallClock(null, '00:15', 'hh:mm a')).toBe('12:15 AM');
  });

  it('labels an all-day slot 00:00–24:00, not "00:00–00:00"', () => {
    const clock = clockWriter({ timeFormat: 'HH:mm', dateTimeMode: 'h24' });
    expect(`${clock('00:00')}–${clock('24:00')}`).toBe('00:00–24:00');
    expect(formatWallClock(null, '24:00', 'h:mm a')).toBe('12:00 AM');
  });

  it('writes a user’s times in their TimeFormat, on a 12-hour clock in am-pm mode (spec §9 time mode)', () => {
    expect(clockWriter({ timeFormat: 'HH:mm', dateTimeMode: 'h24' })('09:00')).toBe('09:00');
    expect(clockWriter({ timeFormat: 'H:mm', dateTimeMode: 'h24' })('09:00')).toBe('9:00');
    // format 'h' adds AM/PM, whatever the mode
    expect(clockWriter({ timeFormat: 'hh:mm', dateTimeMode: 'h24' })('14:30')).toBe('02:30 PM');
    // am-pm mode turns a 24-hour format into a 12-hour one
    expect(clockWriter({ timeFormat: 'HH:mm', dateTimeMode: 'am-pm' })('14:30')).toBe('2:30 PM');
    expect(clockWriter({ timeFormat: 'HH:mm', dateTimeMode: 'am-pm' })('00:00')).toBe('12:00 AM');
    expect(clockWriter({ timeFormat: '', dateTimeMode: 'h24' })('07:45')).toBe('07:45');
  });
});

describe('the grid day and its columns', () => {
  it('covers the whole day from 00:00 to the next 00:00 in the resource zone', () => {
    const day = gridDay('2026-11-23', ZURICH);
    expect(day.start.toISOString()).toBe('2026-11-22T23:00:00.000Z');
    expect(day.end.toISOString()).toBe('2026-11-23T23:00:00.000Z');
  });

  it('has 24 hourly columns labelled 00:00 … 23:00', () => {
    const columns = gridColumns('2026-11-23', ZURICH);
    expect(columns).toHaveLength(24);
    expect(columns[0]).toMatchObject({ minute: 0, label: '00:00' });
    expect(columns[23]).toMatchObject({ minute: 23 * 60, label: '23:00' });
  });

  it('has 23 columns on the spring-forward day, without a 02:00 column', () => {
    const labels = gridColumns('2026-03-29', ZURICH).map((column) => column.label);
    expect(labels).toHaveLength(23);
    expect(labels).not.toContain('02:00');
    expect(labels.slice(0, 3)).toEqual(['00:00', '01:00', '03:00']);
  });

  it('has 25 columns on the fall-back day, 02:00 twice', () => {
    const labels = gridColumns('2026-10-25', ZURICH).map((column) => column.label);
    expect(labels).toHaveLength(25);
    expect(labels.filter((label) => label === '02:00')).toHaveLength(2);
  });

  it('gives a day as minutes for a client that reads no zone: 1440, 1380 or 1500 long, open spans from its start', () => {
    const open = (date: string, from: string, to: string) => {
      const { start, end } = gridDay(date, ZURICH, from, to);
      return { from: start, to: end };
    };
    const plain = gridDay('2026-11-23', ZURICH);
    expect(
      dayInMinutes(plain, [open('2026-11-23', '08:00', '12:00'), open('2026-11-23', '13:00', '24:00')]),
    ).toEqual({
      day_start: '2026-11-22T23:00:00.000Z',
      day_minutes: 1440,
      open_minutes: [
        { start: 480, end: 720 },
        { start: 780, end: 1440 },
      ],
    });
    // After the clocks went forward at 02:00, 08:00 is 420 minutes of real time in.
    const spring = gridDay('2026-03-29', ZURICH);
    expect(dayInMinutes(spring, [open('2026-03-29', '08:00', '18:00')])).toMatchObject({
      day_minutes: 1380,
      open_minutes: [{ start: 420, end: 1020 }],
    });
    expect(dayInMinutes(gridDay('2026-10-25', ZURICH), [])).toMatchObject({
      day_minutes: 1500,
      open_minutes: [],
    });
  });

  it('marks the hours in the zone and the time format, as the grid header shows them', () => {
    const marks = hourMarks('2026-03-29', ZURICH, withMeridiem('h:mm'));
    expect(marks).toHaveLength(23);
    expect(marks.slice(0, 3)).toEqual([
      { minute: 0, label: '12:00 AM' },
      { minute: 60, label: '1:00 AM' },
      { minute: 120, label: '3:00 AM' },
    ]);
  });

  it('cuts a narrower grid by its own start, end and step', () => {
    const columns = gridColumns('2026-11-23', ZURICH, { start: '07:00', end: '09:00', stepMinutes: 30 });
    expect(columns.map((column) => column.label)).toEqual(['07:00', '07:30', '08:00', '08:30']);
  });

  it('places an instant in minutes from the grid start, clipped to the day', () => {
    const day = gridDay('2026-11-23', ZURICH);
    expect(minuteInGrid(at('2026-11-23T08:30:00Z'), day)).toBe(9 * 60 + 30);
    expect(minuteInGrid(at('2026-11-22T10:00:00Z'), day)).toBe(0);
    expect(minuteInGrid(at('2026-11-24T10:00:00Z'), day)).toBe(1440);
  });
});

describe('UTC to the resource timezone', () => {
  it('shows a UTC instant as the Zurich wall clock in winter and summer', () => {
    expect(toResourceClock('2026-11-23T08:00:00Z', ZURICH)).toEqual({
      date: '2026-11-23',
      time: '09:00',
      offset: 60,
      iso: '2026-11-23T09:00:00+01:00',
    });
    expect(toResourceClock(at('2026-07-01T08:00:00Z'), ZURICH).iso).toBe('2026-07-01T10:00:00+02:00');
  });

  it('moves to the previous calendar day west of UTC', () => {
    expect(toResourceClock('2026-11-23T02:30:00Z', 'America/New_York')).toEqual({
      date: '2026-11-22',
      time: '21:30',
      offset: -300,
      iso: '2026-11-22T21:30:00-05:00',
    });
  });

  it('keeps half-hour offsets', () => {
    expect(toResourceClock('2026-11-23T08:00:00Z', 'Asia/Kolkata').iso).toBe('2026-11-23T13:30:00+05:30');
  });

  it('names the same instant again when parsed back', () => {
    const clock = toResourceClock('2026-11-23T08:07:00Z', 'Australia/Sydney');
    expect(new Date(clock.iso).toISOString()).toBe('2026-11-23T08:07:00.000Z');
  });
});

describe('previous and next booking gaps (spec §9)', () => {
  const open = at('2026-11-23T06:00:00Z');
  const close = at('2026-11-23T18:00:00Z');

  it('uses the resource start and end as the edges of a lone booking', () => {
    const [gaps] = bookingGaps([span('2026-11-23T08:00:00Z', '2026-11-23T09:00:00Z')], open, close);
    expect(gaps).toMatchObject({ previous_booking_in_minutes: 120, next_booking_in_minutes: 540 });
    expect(gaps!.limits.from).toEqual(open);
    expect(gaps!.limits.to).toEqual(close);
  });

  it('measures to the neighbouring bookings, whatever order they come in', () => {
    const gaps = bookingGaps(
      [
        span('2026-11-23T10:00:00Z', '2026-11-23T11:00:00Z'),
        span('2026-11-23T07:00:00Z', '2026-11-23T08:30:00Z'),
        span('2026-11-23T12:15:00Z', '2026-11-23T13:00:00Z'),
      ],
      open,
      close,
    );
    expect(gaps.map((gap) => [gap.previous_booking_in_minutes, gap.next_booking_in_minutes])).toEqual([
      [90, 75],
      [60, 90],
      [75, 300],
    ]);
    expect(gaps[0]!.limits).toEqual({ from: at('2026-11-23T08:30:00Z'), to: at('2026-11-23T12:15:00Z') });
  });

  it('counts whole minutes, rounding seconds down', () => {
    const [gaps] = bookingGaps(
      [span('2026-11-23T06:10:59Z', '2026-11-23T17:00:00Z')],
      open,
      at('2026-11-23T17:00:30Z'),
    );
    expect(gaps).toMatchObject({ previous_booking_in_minutes: 10, next_booking_in_minutes: 0 });
  });

  it('is never negative: back-to-back, overlapping and outside the resource hours', () => {
    const gaps = bookingGaps(
      [
        span('2026-11-23T05:00:00Z', '2026-11-23T09:00:00Z'),
        span('2026-11-23T08:00:00Z', '2026-11-23T10:00:00Z'),
        span('2026-11-23T10:00:00Z', '2026-11-23T19:00:00Z'),
      ],
      open,
      close,
    );
    for (const gap of gaps) {
      expect(gap.previous_booking_in_minutes).toBeGreaterThanOrEqual(0);
      expect(gap.next_booking_in_minutes).toBeGreaterThanOrEqual(0);
    }
    expect(gaps.map((gap) => [gap.previous_booking_in_minutes, gap.next_booking_in_minutes])).toEqual([
      [0, 0],
      [0, 0],
      [0, 0],
    ]);
  });

  it('leaves no gap after an earlier booking that is still running', () => {
    const gaps = bookingGaps(
      [
        span('2026-11-23T07:00:00Z', '2026-11-23T12:00:00Z'),
        span('2026-11-23T08:00:00Z', '2026-11-23T09:00:00Z'),
        span('2026-11-23T13:00:00Z', '2026-11-23T14:00:00Z'),
      ],
      open,
      close,
    );
    expect(gaps[1]).toMatchObject({ previous_booking_in_minutes: 0, next_booking_in_minutes: 240 });
    expect(gaps[2]).toMatchObject({ previous_booking_in_minutes: 60 });
  });

  it('answers nothing for no bookings', () => {
    expect(bookingGaps([], open, close)).toEqual([]);
  });
});

describe('the quarter-hour offset cache', () => {
  it('reads every instant as Intl does, across daylight-saving changes and odd offsets', async () => {
    const { wallClockAt } = await import('./zone');
    const zones = [ZURICH, 'America/New_York', 'Asia/Kolkata', 'Asia/Kathmandu', 'Australia/Lord_Howe'];
    const spans = [
      '2026-03-28T00:00:00Z',
      '2026-10-24T00:00:00Z',
      '2026-04-04T00:00:00Z',
      '2026-11-01T00:00:00Z',
    ];
    for (const zone of zones)
      for (const start of spans)
        for (let minutes = 0; minutes < 3 * 1440; minutes += 7) {
          const instant = new Date(Date.parse(start) + minutes * 60_000 + 13_000);
          const expected = wallClockAt(instant, zone);
          const clock = toResourceClock(instant, zone);
          expect([clock.date, clock.time], `${zone} ${instant.toISOString()}`).toEqual([
            expected.date,
            expected.time,
          ]);
        }
  });
});
