import { describe, expect, it } from 'vitest';
import {
  availabilityErrors,
  dateRangesOverlap,
  functionFieldErrors,
  isCalendarDate,
  normalizeWeekdays,
  unavailabilityErrors,
} from './resource-settings';

describe('resource settings rules', () => {
  it('knows which days exist', () => {
    expect(['2024-02-29', '2026-12-31', '2026-01-01'].map(isCalendarDate)).toEqual([true, true, true]);
    expect(['2026-02-29', '2026-04-31', '2026-13-01', '2026-1-01', ''].map(isCalendarDate)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it('keeps weekdays once each, Monday first', () => {
    expect(normalizeWeekdays([7, 1, 3, 1])).toEqual([1, 3, 7]);
  });

  it('wants a window’s end after its start, in time and in dates (either date may stay open)', () => {
    const window = { time_from: '08:00', time_to: '17:00' };
    expect(availabilityErrors(window)).toEqual({});
    expect(availabilityErrors({ ...window, time_to: '08:00' })).toEqual({
      time_to: ['The end time must be after the start time.'],
    });
    expect(availabilityErrors({ ...window, date_from: '2026-05-02', date_to: '2026-05-01' })).toEqual({
      date_to: ['The end date cannot be before the start date.'],
    });
    expect(availabilityErrors({ ...window, date_from: '2026-05-02', date_to: null })).toEqual({});
    expect(
      unavailabilityErrors({ starts_at: '2026-05-01T10:00:00+02:00', ends_at: '2026-05-01T08:00:00Z' }),
    ).toEqual({ ends_at: ['The end must be after the start.'] });
  });

  it('sees overlapping date ranges, the first and last days included', () => {
    const march = { date_from: '2026-03-01', date_to: '2026-03-31' };
    expect(dateRangesOverlap(march, { date_from: '2026-03-31', date_to: '2026-04-02' })).toBe(true);
    expect(dateRangesOverlap(march, { date_from: '2026-02-01', date_to: '2026-02-28' })).toBe(false);
  });

  it('allows each function only its own fields, and prices in whole cents', () => {
    expect(functionFieldErrors('currency', { active: true, currency_id: 1, price: 12.34 })).toEqual({});
    expect(functionFieldErrors('currency', { active: true, price: 0.125 })).toEqual({
      price: ['The price can have at most 2 decimals.'],
    });
    expect(functionFieldErrors('language', { active: true, language_id: 2, resource_ids: [] })).toEqual({
      resource_ids: ['Resource ids is not valid.'],
    });
    expect(functionFieldErrors('linked-resources', { active: false, resource_ids: [3] })).toEqual({});
  });
});
