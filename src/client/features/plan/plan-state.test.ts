import { afterEach, describe, expect, it } from 'vitest';
import { planState, selectPlanDate, selectSlot, slotOn } from './plan-state';

const SLOT = {
  levelId: 1,
  type: 'hours' as const,
  slots: [
    {
      from: '10:00',
      to: '11:00',
      datetime_from: '2026-12-01T09:00:00.000Z',
      datetime_to: '2026-12-01T10:00:00.000Z',
    },
  ],
};

describe('the plan state shared by the plan screens', () => {
  afterEach(() => planState.set({ date: null, slotType: null, slot: null }));

  it('keeps a slot for the level it was picked on: another level (its own hours and zone) has none', () => {
    selectSlot(SLOT);
    expect(slotOn(planState.get(), 1)).toEqual(SLOT);
    expect(slotOn(planState.get(), 2)).toBeNull();
    expect(slotOn(planState.get(), null)).toBeNull();
  });

  it('forgets the slot when the day changes', () => {
    selectSlot(SLOT);
    selectPlanDate('2026-12-02');
    expect(slotOn(planState.get(), 1)).toBeNull();
  });
});
