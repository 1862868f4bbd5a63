import type { PlanSlot } from '../../../shared/contract/plan';
import type { SlotType } from '../../../shared/time/slots';
import { createLocalStore } from '../../state/local-store';

/**
 * spec §3 Plan state selectedSlot: the slot type and the slots picked, as plan/slots answered them,
 * on the level they were picked on (another level has its own hours and zone).
 */
export interface SelectedSlot {
  levelId: number;
  type: SlotType;
  slots: ReadonlyArray<Pick<PlanSlot, 'from' | 'to' | 'datetime_from' | 'datetime_to'>>;
}

/**
 * spec §3 Plan state: planSelectedDate (null: today in the level's zone) and selectedSlot, shared
 * by the plan's screens so the list, the slots and the map speak of the same moment.
 */
export interface PlanState {
  date: string | null;
  slotType: SlotType | null;
  slot: SelectedSlot | null;
}

export const planState = createLocalStore<PlanState>({ date: null, slotType: null, slot: null });

export const usePlanState = () => planState.use();

/** A new day forgets the slot picked on the old one. */
export const selectPlanDate = (date: string | null) =>
  planState.set({ ...planState.get(), date, slot: null });

export const selectSlotType = (slotType: SlotType) =>
  planState.set({ ...planState.get(), slotType, slot: null });

export const selectSlot = (slot: SelectedSlot | null) => planState.set({ ...planState.get(), slot });

/** The slot picked on this level; one picked on another level is not this level's. */
export const slotOn = (state: PlanState, levelId: number | null): SelectedSlot | null =>
  state.slot !== null && state.slot.levelId === levelId ? state.slot : null;
