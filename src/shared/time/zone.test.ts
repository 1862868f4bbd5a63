import { describe, expect, it } from 'vitest';
import { addDays, isoWeekday, offsetMinutesAt, wallClockAt, zonedInstant } from './zone';

const ZURICH = 'Europe/Zurich';

describe('zoned wall-clock times', () => {
  it('reads the offset of a zone in winter and in summer', () => {
    expect(offsetMinutesAt(new Date('2026-01-15T12:00:00Z'), ZURICH)).toBe(60);
    expect(offsetMinutesAt(new Date('2026-07-15T12:00:00Z'), ZURICH)).toBe(120);
    expect(offsetMinutesAt(new Date('2026-07-15T12:00:00Z'), 'America/New_York')).toBe(-240);
  });

  it('turns a wall-clock time into the instant it names', () => {
    expect(zonedInstant('2026-11-23', 9 * 60, ZURICH).toISOString()).toBe('2026-11-23T08:00:00.000Z');
    expect(zonedInstant('2026-07-01', 9 * 60, ZURICH).toISOString()).toBe('2026-07-01T07:00:00.000Z');
    expect(zonedInstant('2026-11-23', 1440, ZURICH).toISOString()).toBe('2026-11-23T23:00:00.000Z');
  });

  it('moves a time skipped by the spring-forward change past the gap', () => {
    // 2026-03-29: Zurich clocks jump from 02:00 to 03:00.
    expect(zonedInstant('2026-03-29', 2 * 60 + 30, ZURICH).toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(wallClockAt(zonedInstant('2026-03-29', 2 * 60 + 30, ZURICH), ZURICH).time).toBe('03:30');
  });

  it('takes the first of a time repeated by the fall-back change', () => {
    // 2026-10-25: Zurich clocks go back from 03:00 to 02:00, so 02:30 happens twice.
    expect(zonedInstant('2026-10-25', 2 * 60 + 30, ZURICH).toISOString()).toBe('2026-10-25T00:30:00.000Z');
  });

  it('counts calendar days and weekdays without a zone', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(isoWeekday('2026-11-23')).toBe(1); // a Monday
    expect(isoWeekday('2026-11-29')).toBe(7);
  });
});
