import { describe, expect, it } from 'vitest';
import {
  PREFERENCE_MESSAGES as M,
  preferenceDefinition,
  preferenceValueErrors,
  type PreferenceDefinition,
} from './preferences';

const definition = (key: string): PreferenceDefinition => {
  const found = preferenceDefinition(key);
  if (!found) throw new Error(key);
  return found;
};
const errorsOf = (key: string, value: string, others: Record<string, string> = {}, levels?: number[]) =>
  preferenceValueErrors(definition(key), value, others, levels).value ?? [];

describe('preference values (spec §3 keys)', () => {
  it('a colour is #rrggbb', () => {
    expect(errorsOf('HighOccupancyColor', '#A1b2C3')).toEqual([]);
    for (const bad of ['#abc', 'red', '#1234567', '12,34,56'])
      expect(errorsOf('HighOccupancyColor', bad)).toEqual([M.color]);
  });

  it('percentages are whole numbers 0–100, the average below the high', () => {
    expect(errorsOf('HighOccupancyPercentage', '100', { AverageOccupancyPercentage: '50' })).toEqual([]);
    expect(errorsOf('HighOccupancyPercentage', '100.5')).toEqual([
      'The value must be a whole number from 0 to 100.',
    ]);
    expect(errorsOf('AverageOccupancyPercentage', '80', { HighOccupancyPercentage: '80' })).toEqual([
      M.averageBelowHigh,
    ]);
    expect(errorsOf('HighOccupancyPercentage', '50', { AverageOccupancyPercentage: '50' })).toEqual([
      M.highAboveAverage,
    ]);
  });

  it('day-part times are HH:mm and ascend morning < afternoon < evening < night', () => {
    const day = { MorningFrom: '06:00', AfternoonFrom: '12:00', EveningFrom: '18:00', NightFrom: '22:00' };
    expect(errorsOf('AfternoonFrom', '13:30', day)).toEqual([]);
    expect(errorsOf('AfternoonFrom', '5:00', day)).toEqual([M.time]);
    expect(errorsOf('EveningFrom', '12:00', day)).toEqual([M.timeOrder]);
    expect(errorsOf('NightFrom', '17:00', day)).toEqual([M.timeOrder]);
  });

  it('available slots are listed, non-empty, and hold the default slot', () => {
    expect(errorsOf('AvailableSlots', 'hours,all-day', { DefaultSlot: 'hours' })).toEqual([]);
    expect(errorsOf('AvailableSlots', ' , ')).toEqual([M.slotsEmpty]);
    expect(errorsOf('AvailableSlots', 'all-day', { DefaultSlot: 'hours' })).toEqual([M.slotsWithoutDefault]);
    expect(errorsOf('AvailableSlots', 'hours,hours', { DefaultSlot: 'hours' })).toEqual([
      'Available slots is not valid.',
    ]);
    expect(errorsOf('DefaultSlot', 'all-day', { AvailableSlots: 'hours' })).toEqual([M.defaultNotAvailable]);
  });

  it('the default location is none or one of the declarable levels given', () => {
    expect(errorsOf('DefaultLocation', '', {}, [3])).toEqual([]);
    expect(errorsOf('DefaultLocation', '3', {}, [3])).toEqual([]);
    expect(errorsOf('DefaultLocation', '4', {}, [3])).toEqual([M.level]);
  });

  it('listed values only; the grace is 0–1440 minutes; a title is required', () => {
    expect(errorsOf('FirstDayOfWeek', '6')).toEqual([]);
    expect(errorsOf('FirstDayOfWeek', '7')).toEqual(['First day of the week is not valid.']);
    expect(errorsOf('CheckInGraceMinutes', '0')).toEqual([]);
    expect(errorsOf('CheckInGraceMinutes', '1441')).toEqual([
      'The value must be a whole number from 0 to 1440.',
    ]);
    expect(errorsOf('DefaultMeetingTitle', '')).toEqual(['This field is required.']);
  });
});
