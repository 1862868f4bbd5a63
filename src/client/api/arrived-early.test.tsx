// @vitest-environment jsdom
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import useSWR from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearApiCache, startEarly, takeEarly, useArrivedEarly } from './swr';

// A key of its own for each test: swr keeps a key's request for a while across renders.
let KEY: readonly unknown[] = [];
let test = 0;
beforeEach(() => {
  test += 1;
  KEY = ['api', '/api/company/v1/outlook/resources', `start=2026-11-25T09%3A00&test=${test}`, false];
});

afterEach(async () => {
  cleanup();
  await clearApiCache();
});

/** A screen's data as useApi reads it: the early answer taken by the first fetch. */
function useScreenData(fetcher: () => Promise<string>) {
  const arrived = useArrivedEarly<string>(KEY);
  return useSWR(KEY, () => takeEarly(KEY, fetcher), { ...arrived });
}

describe('an early answer and the screen that reads it', () => {
  it('already arrived: the screen has it in its first render and does not ask again', async () => {
    startEarly(KEY, () => Promise.resolve('free rooms'));
    await Promise.resolve();
    const fetcher = vi.fn(() => Promise.resolve('asked again'));
    const renders: Array<string | undefined> = [];
    renderHook(() => {
      const result = useScreenData(fetcher);
      renders.push(result.data);
      return result;
    });
    expect(renders[0]).toBe('free rooms');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetcher).not.toHaveBeenCalled();
    expect(renders.every((data) => data === 'free rooms')).toBe(true);
  });

  it('is taken by that screen: one mounted after it asks the server', async () => {
    startEarly(KEY, () => Promise.resolve('free rooms'));
    await Promise.resolve();
    renderHook(() => useScreenData(() => Promise.resolve('asked again')));
    cleanup();
    await clearApiCache();
    const later = renderHook(() => useScreenData(() => Promise.resolve('asked again')));
    expect(later.result.current.data).toBeUndefined();
    await waitFor(() => expect(later.result.current.data).toBe('asked again'));
  });

  it('still on its way: the screen draws without it, then with it, asking nothing itself', async () => {
    let answer!: (value: string) => void;
    startEarly(KEY, () => new Promise<string>((resolve) => (answer = resolve)));
    const fetcher = vi.fn(() => Promise.resolve('asked again'));
    const { result } = renderHook(() => useScreenData(fetcher));
    expect(result.current.data).toBeUndefined();
    answer('free rooms');
    await waitFor(() => expect(result.current.data).toBe('free rooms'));
    expect(fetcher).not.toHaveBeenCalled();
  });
});
