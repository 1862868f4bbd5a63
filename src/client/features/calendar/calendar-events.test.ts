import { describe, expect, it } from 'vitest';
import type { Declaration } from '../../../shared/contract/declarations';
import {
  allowedActions,
  levelClockDate,
  listQuery,
  parseLocalDate,
  statusTone,
  toBookingEvents,
  visibleDays,
  weekStartOf,
} from './calendar-events';

function booking(overrides: Partial<Declaration> = {}): Declaration {
  return {
    id: 7,
    resource: { id: 3, name: 'Desk A1', path: 'Acme HQ / Building A / Floor 1' },
    level_id: 2,
    starts_at: '2026-11-24T08:00:00.000Z',
    ends_at: '2026-11-24T11:00:00.000Z',
    timezone: 'Europe/Zurich',
    status: 'booked',
    approval_status: 'approved',
    cost: null,
    subject: '',
    is_private: false,
    slot_type: 'hours',
    source: 'plan',
    host: { id: 1, name: 'Erin Employee' },
    can_check_in: false,
    can_check_out: false,
    can_extend: true,
    can_cancel: true,
    checked_in_at: null,
    checked_out_at: null,
    created_at: '2026-11-23T08:00:00.000Z',
    ...overrides,
  };
}

const face = (date: Date) =>
  `${date.getFullYear()}-${date.getMonth() + 1}-${date.getDate()} ${date.getHours()}:${String(date.getMinutes()).padStart(2, '0')}`;

describe('the calendar shows each booking at its level’s time (spec §2 Plan /calendar)', () => {
  it('places a Zurich booking at 09:00–12:00 whatever zone the browser is in', () => {
    const [event] = toBookingEvents([booking()]);
    expect(face(event!.start)).toBe('2026-11-24 9:00');
    expect(face(event!.end)).toBe('2026-11-24 12:00');
    expect(event!.title).toBe('Desk A1');
  });

  it('keeps an all-day booking (midnight to midnight) in the hours of its day, where week and day views show it', () => {
    const [event] = toBookingEvents([
      booking({ starts_at: '2026-11-23T23:00:00.000Z', ends_at: '2026-11-24T23:00:00.000Z' }),
    ]);
    expect(face(event!.start)).toBe('2026-11-24 0:00');
    // react-big-calendar puts midnight-to-midnight events in the all-day row, which is hidden
    expect(face(event!.end)).toBe('2026-11-24 23:59');
  });

  it('follows the level’s daylight-saving offset and moves late bookings to the level’s day', () => {
    expect(face(levelClockDate('2026-07-01T07:00:00Z', 'Europe/Zurich'))).toBe('2026-7-1 9:00');
    expect(face(levelClockDate('2026-11-24T23:30:00Z', 'Asia/Tokyo'))).toBe('2026-11-25 8:30');
    expect(face(levelClockDate('2026-11-24T03:00:00Z', 'America/New_York'))).toBe('2026-11-23 22:00');
  });
});

describe('the period asked for', () => {
  const monday = 0;
  const sunday = 6;
  const wednesday = new Date(2026, 10, 25);

  it('starts the week on the user’s FirstDayOfWeek', () => {
    expect(visibleDays('week', wednesday, weekStartOf(monday))).toEqual({
      first: '2026-11-23',
      last: '2026-11-29',
    });
    expect(visibleDays('week', wednesday, weekStartOf(sunday))).toEqual({
      first: '2026-11-22',
      last: '2026-11-28',
    });
  });

  it('covers whole weeks around a month, one day, or the agenda’s 30 days', () => {
    expect(visibleDays('month', wednesday, weekStartOf(monday))).toEqual({
      first: '2026-10-26',
      last: '2026-12-06',
    });
    expect(visibleDays('day', wednesday, 1)).toEqual({ first: '2026-11-25', last: '2026-11-25' });
    expect(visibleDays('agenda', wednesday, 1)).toEqual({ first: '2026-11-25', last: '2026-12-24' });
  });

  it('asks the server for a day more on each side, with the level path', () => {
    expect(listQuery({ first: '2026-11-23', last: '2026-11-29' })).toEqual({
      date_from: '2026-11-22',
      date_to: '2026-11-30',
      includes: 'all_parents',
    });
  });

  it('reads the date in the address only when it is a real calendar date', () => {
    expect(parseLocalDate('2026-11-25')?.getDate()).toBe(25);
    expect(parseLocalDate('2026-02-30')).toBeNull();
    expect(parseLocalDate('tomorrow')).toBeNull();
    expect(parseLocalDate(null)).toBeNull();
  });
});

describe('what a booking offers now (spec §4 check-in, check-out, extend, cancel)', () => {
  const at = (iso: string) => new Date(iso);

  it('offers extend and cancel before the check-in opens, and check-in from 15 minutes before the start', () => {
    expect(allowedActions(booking(), at('2026-11-24T07:00:00Z'))).toEqual(['extend', 'cancel']);
    expect(allowedActions(booking(), at('2026-11-24T07:50:00Z'))).toEqual(['check-in', 'extend', 'cancel']);
  });

  it('offers check-out and extend, not cancel, once checked in', () => {
    expect(allowedActions(booking({ status: 'checked_in' }), at('2026-11-24T09:00:00Z'))).toEqual([
      'check-out',
      'extend',
    ]);
  });

  it('offers nothing once over, released or checked out', () => {
    expect(allowedActions(booking(), at('2026-11-24T11:00:00Z'))).toEqual([]);
    expect(allowedActions(booking({ status: 'released' }), at('2026-11-24T09:00:00Z'))).toEqual([]);
    expect(allowedActions(booking({ status: 'checked_out' }), at('2026-11-24T09:00:00Z'))).toEqual([]);
  });

  it('offers no check-in while the booking waits for approval', () => {
    expect(allowedActions(booking({ approval_status: 'pending' }), at('2026-11-24T09:00:00Z'))).toEqual([
      'extend',
      'cancel',
    ]);
  });
});

describe('status colours', () => {
  it('tells booked, checked in, checked out and released or cancelled apart', () => {
    expect(
      (['booked', 'checked_in', 'checked_out', 'released', 'cancelled'] as const).map(statusTone),
    ).toEqual(['booked', 'checked-in', 'ended', 'released', 'released']);
  });
});
