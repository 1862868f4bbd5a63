import { describe, expect, it } from 'vitest';
import {
  defaultFilters,
  payloadOf,
  selectFilter,
  setCustomRange,
  setFilterValue,
  type ReportFilter,
} from './filters';
import { pickInterval } from './intervals';

const selectedIds = (filters: ReportFilter[], slug: string) =>
  filters.filter((filter) => filter.slug === slug && filter.selected).map((filter) => filter.id);

describe('report filters (spec §4)', () => {
  const start = defaultFilters('2026-03-18');

  it('starts with this month, by day', () => {
    expect(selectedIds(start, 'dates')).toEqual(['dates-month']);
    expect(selectedIds(start, 'intervals')).toEqual(['intervals-day']);
    expect(start.find((filter) => filter.id === 'dates-month')).toMatchObject({
      date_start: '2026-03-01',
      date_end: '2026-03-31',
    });
  });

  it('single-type filters are mutually exclusive', () => {
    const next = selectFilter(start, 'dates-year');
    expect(selectedIds(next, 'dates')).toEqual(['dates-year']);
    const byWeek = selectFilter(next, 'intervals-week');
    expect(selectedIds(byWeek, 'intervals')).toEqual(['intervals-week']);
  });

  it('a shorter date range deselects a longer interval and selects a shorter one', () => {
    const byMonth = selectFilter(selectFilter(start, 'dates-year'), 'intervals-month');
    expect(selectedIds(selectFilter(byMonth, 'dates-month'), 'intervals')).toEqual(['intervals-week']);
    expect(selectedIds(selectFilter(byMonth, 'dates-week'), 'intervals')).toEqual(['intervals-day']);
    expect(selectedIds(selectFilter(byMonth, 'dates-today'), 'intervals')).toEqual(['intervals-hour']);
    const custom = setCustomRange(byMonth, '2026-03-02', '2026-03-04', ['09:00', '17:00']);
    expect(selectedIds(custom, 'dates')).toEqual(['dates-custom']);
    expect(selectedIds(custom, 'intervals')).toEqual(['intervals-day']);
  });

  it('a filter’s excludes clear others and its includes force others on', () => {
    const hourly = selectFilter(selectFilter(start, 'dates-week'), 'intervals-hour');
    const alarmed = selectFilter(hourly, 'alarm');
    expect(selectedIds(alarmed, 'alarm')).toEqual(['alarm']);
    expect(selectedIds(alarmed, 'intervals')).toEqual(['intervals-day']);
  });

  it('multi filters toggle, and carry their values into the payload', () => {
    const floors = setFilterValue(start, 'locations', [4, 7]);
    const payload = payloadOf(floors, 'dashboard');
    expect(payload).toMatchObject({
      location_ids: [4, 7],
      type_ids: [],
      datetime_from: '2026-03-01T08:00',
      datetime_to: '2026-03-31T18:00',
      interval_id: 2,
      alarm: null,
    });
    expect(payloadOf(setFilterValue(floors, 'locations', []), 'dashboard').location_ids).toEqual([]);
  });
});

describe('pickInterval', () => {
  it('keeps a usable interval and falls to the longest shorter one', () => {
    expect(pickInterval(31, 2)).toBe(2);
    expect(pickInterval(31, 4)).toBe(3);
    expect(pickInterval(1, 3)).toBe(1);
    // a year of hours is too many points: the range grew, the shortest usable one is taken
    expect(pickInterval(365, 1)).toBe(2);
  });
});
