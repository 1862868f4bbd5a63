import { describe, expect, it } from 'vitest';
import { dateValidForBooking } from './date-valid';
import { occupancyBand, partOfDay, readBookingPreferences } from './preferences';

describe('booking preferences (spec §3 preference keys)', () => {
  it('starts from the defaults: all five slot types, hours by default, Monday first', () => {
    const preferences = readBookingPreferences({});
    expect(preferences.availableSlots).toEqual(['all-day', 'half-day', 'hours', '30-minutes', '15-minutes']);
    expect(preferences.defaultSlot).toBe('hours');
    expect(preferences.firstDayOfWeek).toBe(0);
    expect(preferences.weekendDays).toEqual([5, 6]);
  });

  it('keeps the default slot among the available ones', () => {
    const preferences = readBookingPreferences({ AvailableSlots: 'half-day,all-day', DefaultSlot: 'hours' });
    expect(preferences.availableSlots).toEqual(['half-day', 'all-day']);
    expect(preferences.defaultSlot).toBe('half-day');
  });

  it('falls back to the default where a stored value does not parse', () => {
    const preferences = readBookingPreferences({ MorningFrom: '25:00', HighOccupancyPercentage: 'lots' });
    expect(preferences.morningFrom).toBe('06:00');
    expect(preferences.highOccupancyPercentage).toBe(80);
  });

  it('colours occupancy by the high and average marks', () => {
    const preferences = readBookingPreferences({
      HighOccupancyPercentage: '90',
      AverageOccupancyPercentage: '40',
    });
    expect(occupancyBand(100, preferences)).toBe('high');
    expect(occupancyBand(90, preferences)).toBe('high');
    expect(occupancyBand(40, preferences)).toBe('average');
    expect(occupancyBand(39.9, preferences)).toBe('low');
  });

  it('places a time in the morning, afternoon, evening or night by MorningFrom … NightFrom', () => {
    const preferences = readBookingPreferences({
      MorningFrom: '07:00',
      AfternoonFrom: '12:30',
      EveningFrom: '17:00',
      NightFrom: '21:00',
    });
    expect(partOfDay('07:00', preferences)).toBe('morning');
    expect(partOfDay('12:15', preferences)).toBe('morning');
    expect(partOfDay('12:30', preferences)).toBe('afternoon');
    expect(partOfDay('16:59', preferences)).toBe('afternoon');
    expect(partOfDay('17:00', preferences)).toBe('evening');
    expect(partOfDay('21:00', preferences)).toBe('night');
    // night runs over midnight until MorningFrom
    expect(partOfDay('00:00', preferences)).toBe('night');
    expect(partOfDay('06:45', preferences)).toBe('night');
  });
});

describe('date valid for booking (spec §4)', () => {
  const zone = 'Europe/Zurich';
  const now = new Date('2026-11-23T10:00:00Z'); // 11:00 in Zurich

  it('refuses a day in the past and accepts today and later', () => {
    expect(dateValidForBooking({ date: '2026-11-22' }, now, zone)).toBe(false);
    expect(dateValidForBooking({ date: '2026-11-23' }, now, zone)).toBe(true);
    expect(dateValidForBooking({ date: '2026-12-01' }, now, zone)).toBe(true);
  });

  it('with an end date, needs now between the start of the first day and the end of the last', () => {
    expect(dateValidForBooking({ date: '2026-11-20', endDate: '2026-11-23' }, now, zone)).toBe(true);
    expect(dateValidForBooking({ date: '2026-11-24', endDate: '2026-11-30' }, now, zone)).toBe(false);
    expect(dateValidForBooking({ date: '2026-11-01', endDate: '2026-11-22' }, now, zone)).toBe(false);
  });

  it('counts days in the given zone: 23:30 UTC is already tomorrow in Zurich', () => {
    const late = new Date('2026-11-23T23:30:00Z');
    expect(dateValidForBooking({ date: '2026-11-23' }, late, zone)).toBe(false);
  });
});
