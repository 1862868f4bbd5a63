import { describe, expect, it } from 'vitest';
import { mapButtonDisabled, type MapButtonState } from './map-button';

const now = new Date('2026-12-01T10:00:00Z');
const enabled: MapButtonState = {
  levelHasMap: true,
  screen: 'resource-slots',
  todayOccupancyPercentage: 50,
  lastDefaultSlotStart: new Date('2026-12-01T17:00:00Z'),
  now,
  oneClickCalendarMode: false,
  selectedSlot: null,
};

describe('plan footer map button (spec §2 "disabled when ...")', () => {
  it('is enabled on a level with a map, free slots later today and no one-click mode', () => {
    expect(mapButtonDisabled(enabled)).toBe(false);
  });

  it('is disabled when the level has no map', () => {
    expect(mapButtonDisabled({ ...enabled, levelHasMap: false })).toBe('no-map');
  });

  it('is disabled when today is fully occupied, only on the resource-slots screen', () => {
    expect(mapButtonDisabled({ ...enabled, todayOccupancyPercentage: 100 })).toBe('fully-occupied');
    expect(mapButtonDisabled({ ...enabled, todayOccupancyPercentage: 99 })).toBe(false);
    expect(mapButtonDisabled({ ...enabled, screen: 'other', todayOccupancyPercentage: 100 })).toBe(false);
    expect(mapButtonDisabled({ ...enabled, todayOccupancyPercentage: null })).toBe(false);
  });

  it('is disabled when the slots are in the past (the last slot of the default day starts before now)', () => {
    expect(mapButtonDisabled({ ...enabled, lastDefaultSlotStart: new Date('2026-12-01T09:59:00Z') })).toBe(
      'past',
    );
    expect(mapButtonDisabled({ ...enabled, lastDefaultSlotStart: now })).toBe(false);
    expect(mapButtonDisabled({ ...enabled, lastDefaultSlotStart: null })).toBe(false);
  });

  it('is disabled in one-click calendar mode while no slot is selected', () => {
    expect(mapButtonDisabled({ ...enabled, oneClickCalendarMode: true })).toBe('no-slot');
    expect(mapButtonDisabled({ ...enabled, oneClickCalendarMode: true, selectedSlot: { start: now } })).toBe(
      false,
    );
  });

  it('reports the first rule that holds: no map before the rest', () => {
    expect(
      mapButtonDisabled({
        ...enabled,
        levelHasMap: false,
        todayOccupancyPercentage: 100,
        oneClickCalendarMode: true,
      }),
    ).toBe('no-map');
  });
});
