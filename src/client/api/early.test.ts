import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearApiCache, earlyAnswersSettled, startEarly, takeEarly } from './swr';

const KEY = ['api', '/api/company/v1/bookings/grid/1', 'date=2026-11-24', false] as const;

afterEach(() => {
  vi.useRealTimers();
  void clearApiCache();
});

describe('answers asked for before their screen mounts', () => {
  it('are taken once by the screen’s first fetch; its next fetch asks the server again', async () => {
    startEarly(KEY, () => Promise.resolve('early'));
    const fetcher = vi.fn(() => Promise.resolve('fresh'));
    expect(await takeEarly(KEY, fetcher)).toBe('early');
    expect(fetcher).not.toHaveBeenCalled();
    expect(await takeEarly(KEY, fetcher)).toBe('fresh');
    expect(fetcher).toHaveBeenCalledTimes(1);
  });

  it('are not asked for twice while one is under way', () => {
    const first = vi.fn(() => new Promise<string>(() => undefined));
    const second = vi.fn(() => Promise.resolve('again'));
    startEarly(KEY, first);
    startEarly(KEY, second);
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).not.toHaveBeenCalled();
  });

  it('go stale after ten seconds untaken: a screen mounted later fetches its own', async () => {
    vi.useFakeTimers();
    startEarly(KEY, () => Promise.resolve('old'));
    vi.advanceTimersByTime(10_001);
    expect(await takeEarly(KEY, () => Promise.resolve('fresh'))).toBe('fresh');
  });

  it('are forgotten with the session, and a failure untaken raises nothing', async () => {
    startEarly(KEY, () => Promise.reject(new Error('refused')));
    await clearApiCache();
    expect(await takeEarly(KEY, () => Promise.resolve('fresh'))).toBe('fresh');
  });

  it('can be waited for, a failure counting as settled, for at most the time given', async () => {
    let answer!: (value: string) => void;
    startEarly(KEY, () => new Promise<string>((resolve) => (answer = resolve)));
    startEarly(['api', 'refused'], () => Promise.reject(new Error('refused')));
    let settled = false;
    const waiting = earlyAnswersSettled(10_000).then(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(settled).toBe(false);
    answer('rows');
    await waiting;
    // Taken afterwards, the answer has already arrived.
    expect(await takeEarly(KEY, () => Promise.resolve('fresh'))).toBe('rows');

    vi.useFakeTimers();
    startEarly(['api', 'never'], () => new Promise<string>(() => undefined));
    const capped = earlyAnswersSettled(150);
    vi.advanceTimersByTime(150);
    await expect(capped).resolves.toBeUndefined();
  });
});
