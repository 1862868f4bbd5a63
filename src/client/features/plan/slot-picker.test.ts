import { describe, expect, it } from 'vitest';
import { readBookingPreferences } from '../../../shared/booking/preferences';
import { slotGroups, spanOf } from './slot-picker';

const hours = (from: number, to: number) =>
  Array.from({ length: to - from }, (_, index) => {
    const clock = (hour: number) => `${String(hour).padStart(2, '0')}:00`;
    return { from: clock(from + index), to: clock(from + index + 1) };
  });

describe('the plan’s slots follow the user’s time preferences (spec §3 MorningFrom … NightFrom, TimeFormat, DateTimeMode)', () => {
  it('groups a day’s hours under the parts of the day, in the day’s order', () => {
    const groups = slotGroups(hours(5, 24), readBookingPreferences({}));
    expect(groups.map((group) => [group.part, group.slots[0]!.from, group.slots.at(-1)!.from])).toEqual([
      ['night', '05:00', '05:00'],
      ['morning', '06:00', '11:00'],
      ['afternoon', '12:00', '17:00'],
      ['evening', '18:00', '21:00'],
      ['night', '22:00', '23:00'],
    ]);
  });

  it('moves the groups’ edges with the user’s preferences', () => {
    const groups = slotGroups(
      hours(8, 12),
      readBookingPreferences({ MorningFrom: '09:00', AfternoonFrom: '11:00' }),
    );
    expect(groups.map((group) => [group.part, group.slots.length])).toEqual([
      ['night', 1],
      ['morning', 2],
      ['afternoon', 1],
    ]);
  });

  it('writes a picked span in the user’s clock', () => {
    const picked = hours(13, 15);
    expect(spanOf(picked, readBookingPreferences({}))).toEqual({ from: '13:00', to: '15:00' });
    expect(spanOf(picked, readBookingPreferences({ DateTimeMode: 'am-pm' }))).toEqual({
      from: '1:00 PM',
      to: '3:00 PM',
    });
  });
});
