/** Why the plan footer's map button is disabled (spec §2), or false when it is enabled. */
export type MapButtonDisabledReason = 'no-map' | 'fully-occupied' | 'past' | 'no-slot';

export interface MapButtonState {
  levelHasMap: boolean;
  /** The fully-occupied rule applies only on the resource-slots screen. */
  screen: 'resource-slots' | 'other';
  /** Today's occupancy of the shown resource or level, null while unknown. */
  todayOccupancyPercentage: number | null;
  /** Start of the last slot of the default day; null when that day has no slot. */
  lastDefaultSlotStart: Date | null;
  now: Date;
  oneClickCalendarMode: boolean;
  /** The slot the user picked, null or undefined when none. */
  selectedSlot: unknown;
}

/**
 * spec §2: the map button is disabled when the level has no map; today is fully occupied (100%, only on
 * the resource-slots screen); the slots are in the past (the last slot of the default day starts
 * before now); in one-click calendar mode no slot is selected. The first rule that holds is reported.
 */
export function mapButtonDisabled(state: MapButtonState): false | MapButtonDisabledReason {
  if (!state.levelHasMap) return 'no-map';
  if (state.screen === 'resource-slots' && (state.todayOccupancyPercentage ?? 0) >= 100)
    return 'fully-occupied';
  if (state.lastDefaultSlotStart && state.lastDefaultSlotStart.getTime() < state.now.getTime()) return 'past';
  if (state.oneClickCalendarMode && state.selectedSlot == null) return 'no-slot';
  return false;
}
