import { describe, expect, it } from 'vitest';
import { movedOrder } from './preset-order';

const presets = [{ id: 4 }, { id: 9 }, { id: 2 }];

describe('reordering presets (spec §4)', () => {
  it('swaps a preset with its neighbour and numbers them all anew', () => {
    expect(movedOrder(presets, 2, -1)).toEqual([
      { id: 4, order: 0 },
      { id: 2, order: 1 },
      { id: 9, order: 2 },
    ]);
    expect(movedOrder(presets, 4, 1).map((entry) => entry.id)).toEqual([9, 4, 2]);
  });
  it('leaves the order as it is at either end', () => {
    expect(movedOrder(presets, 4, -1).map((entry) => entry.id)).toEqual([4, 9, 2]);
    expect(movedOrder(presets, 2, 1).map((entry) => entry.id)).toEqual([4, 9, 2]);
  });
});
