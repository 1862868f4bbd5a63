import { describe, expect, it } from 'vitest';
import { reconnectDelay } from './realtime';

describe('the realtime reconnect back-off (database listener and browser socket)', () => {
  it('doubles from a quarter second up to thirty seconds, jittered between half and all of it', () => {
    expect([0, 1, 2, 3].map((attempt) => reconnectDelay(attempt, () => 1))).toEqual([250, 500, 1000, 2000]);
    expect(reconnectDelay(0, () => 0)).toBe(125);
    expect(reconnectDelay(20, () => 1)).toBe(30_000);
    expect(reconnectDelay(20, () => 0)).toBe(15_000);
  });
});
