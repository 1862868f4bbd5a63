import { describe, expect, it } from 'vitest';
import { buildSlots, type DayPlan } from './slots';

const base: DayPlan = {
  date: '2026-11-23',
  timeZone: 'Europe/Zurich',
  working_hours_from: '08:00',
  working_hours_to: '18:00',
  type: 'hours',
  afternoon_from: '12:00',
  windows: [],
  closures: [],
};

const labels = (plan: Partial<DayPlan>) =>
  buildSlots({ ...base, ...plan }).map((slot) => `${slot.from}-${slot.to}`);

describe('slots of a day (spec §7 slots/{type}/{id})', () => {
  it('cuts the working hours by the slot type', () => {
    expect(labels({ type: 'all-day' })).toEqual(['08:00-18:00']);
    expect(labels({ type: 'half-day' })).toEqual(['08:00-12:00', '12:00-18:00']);
    expect(labels({ type: 'hours' })).toHaveLength(10);
    expect(labels({ type: '30-minutes' })).toHaveLength(20);
    expect(labels({ type: '15-minutes' })).toHaveLength(40);
    expect(labels({ type: 'hours', working_hours_to: '17:30' }).at(-1)).toBe('17:00-17:30');
  });

  it('reads a working day ending 23:59 as ending at midnight', () => {
    expect(labels({ type: 'all-day', working_hours_from: '00:00', working_hours_to: '23:59' })).toEqual([
      '00:00-24:00',
    ]);
  });

  it('gives each slot its instants in the level zone', () => {
    const [first] = buildSlots({ ...base, type: 'all-day' });
    expect(first!.datetime_from.toISOString()).toBe('2026-11-23T07:00:00.000Z');
    expect(first!.datetime_to.toISOString()).toBe('2026-11-23T17:00:00.000Z');
  });

  it('is correct across the spring-forward change: the skipped hour has no slot', () => {
    const slots = buildSlots({
      ...base,
      date: '2026-03-29',
      working_hours_from: '00:00',
      working_hours_to: '06:00',
    });
    expect(slots.map((slot) => slot.from)).toEqual(['00:00', '01:00', '03:00', '04:00', '05:00']);
    const allDay = buildSlots({
      ...base,
      date: '2026-03-29',
      type: 'all-day',
      working_hours_from: '00:00',
      working_hours_to: '23:59',
    })[0]!;
    expect(allDay.datetime_to.getTime() - allDay.datetime_from.getTime()).toBe(23 * 3_600_000);
  });

  it('is correct across the fall-back change: the repeated hour has a slot for each pass', () => {
    const slots = buildSlots({
      ...base,
      date: '2026-10-25',
      working_hours_from: '01:00',
      working_hours_to: '04:00',
    });
    expect(slots.map((slot) => `${slot.from}-${slot.to}`)).toEqual([
      '01:00-02:00',
      '02:00-03:00',
      '02:00-03:00',
      '03:00-04:00',
    ]);
    expect(slots.map((slot) => slot.datetime_from.toISOString().slice(11, 16))).toEqual([
      '23:00',
      '00:00',
      '01:00',
      '02:00',
    ]);
    expect(
      slots.every((slot) => slot.datetime_to.getTime() - slot.datetime_from.getTime() === 3_600_000),
    ).toBe(true);
  });

  it('never gives two slots one instant or a slot of more than its length on a day the clock jumps', () => {
    const night = { working_hours_from: '00:00', working_hours_to: '23:59' };
    for (const [date, type, count] of [
      ['2027-03-28', '30-minutes', 46],
      ['2027-03-28', '15-minutes', 92],
      ['2027-10-31', '15-minutes', 100],
      ['2027-10-31', '30-minutes', 50],
    ] as const) {
      const slots = buildSlots({ ...base, ...night, date, type });
      const starts = slots.map((slot) => slot.datetime_from.getTime());
      expect(new Set(starts).size, `${date} ${type}`).toBe(slots.length);
      expect(slots, `${date} ${type}`).toHaveLength(count);
      const length = type === '15-minutes' ? 900_000 : 1_800_000;
      expect(
        slots.every((slot) => slot.datetime_to.getTime() - slot.datetime_from.getTime() === length),
      ).toBe(true);
    }
    // The skipped hour is offered under no label; the slot before it ends on the clock's 03:00.
    const spring = buildSlots({ ...base, ...night, date: '2027-03-28', type: '30-minutes' });
    expect(spring.some((slot) => slot.from.startsWith('02:'))).toBe(false);
    expect(spring.find((slot) => slot.from === '01:30')!.to).toBe('03:00');
    const fall = buildSlots({ ...base, ...night, date: '2027-10-31', type: '15-minutes' });
    expect(fall.filter((slot) => slot.from === '02:45').map((slot) => slot.to)).toEqual(['03:00', '03:00']);
  });

  it('marks slots outside the weekly availability windows as not available', () => {
    const slots = buildSlots({
      ...base,
      windows: [
        { weekdays: [1, 2, 3, 4, 5], time_from: '09:00', time_to: '12:00', date_from: null, date_to: null },
      ],
    });
    expect(slots.filter((slot) => slot.available).map((slot) => slot.from)).toEqual([
      '09:00',
      '10:00',
      '11:00',
    ]);
    const sunday = buildSlots({
      ...base,
      date: '2026-11-29',
      windows: [
        { weekdays: [1, 2, 3, 4, 5], time_from: '09:00', time_to: '12:00', date_from: null, date_to: null },
      ],
    });
    expect(sunday.some((slot) => slot.available)).toBe(false);
  });

  it('ignores windows whose dates do not cover the day', () => {
    const slots = buildSlots({
      ...base,
      windows: [
        { weekdays: [1], time_from: '09:00', time_to: '10:00', date_from: '2027-01-01', date_to: null },
      ],
    });
    expect(slots.every((slot) => slot.available)).toBe(true);
  });

  it('marks slots touched by an unavailability as not available', () => {
    const slots = buildSlots({
      ...base,
      closures: [{ starts_at: new Date('2026-11-23T09:30:00Z'), ends_at: new Date('2026-11-23T10:15:00Z') }],
    });
    // 10:30–11:15 local: the 10:00 and 11:00 slots.
    expect(slots.filter((slot) => !slot.available).map((slot) => slot.from)).toEqual(['10:00', '11:00']);
  });
});
