import { describe, expect, it } from 'vitest';
import { retryDelay } from './database-listener';

describe('the database listener’s reconnect back-off', () => {
  it('doubles from a quarter second up to thirty seconds, jittered between half and all of it', () => {
    expect([0, 1, 2, 3].map((attempt) => retryDelay(attempt, () => 1))).toEqual([250, 500, 1000, 2000]);
    expect(retryDelay(0, () => 0)).toBe(125);
    expect(retryDelay(20, () => 1)).toBe(30_000);
    expect(retryDelay(20, () => 0)).toBe(15_000);
  });
});
