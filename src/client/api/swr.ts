import useSWR, { mutate } from 'swr';
import { api, type CallOptions } from './client';
import type { ApiError } from './errors';

/**
 * Answers asked for before the screen that reads them mounted (a route's prefetch, the pane's first
 * rooms). Each is taken once, by the screen's first fetch of its key, and only while fresh: swr's
 * own preload keeps an untaken answer until the key's next fetch, however late, which would hand a
 * screen that revalidates minutes later the old answer.
 */
const EARLY_MS = 10_000;
const early = new Map<string, Promise<unknown>>();

/** Starts `fetcher` for `key` unless an early answer for it is already under way. */
export function startEarly<T>(key: readonly unknown[], fetcher: () => Promise<T>): void {
  const text = JSON.stringify(key);
  if (early.has(text)) return;
  const promise = fetcher();
  // The screen that takes it reads a failure; one never taken is dropped quietly.
  promise.catch(() => undefined);
  early.set(text, promise);
  setTimeout(() => {
    if (early.get(text) === promise) early.delete(text);
  }, EARLY_MS);
}

/** The early answer for `key` if one is under way or fresh (taken: the next fetch asks again), else `fetcher()`. */
export function takeEarly<T>(key: readonly unknown[], fetcher: () => Promise<T>): Promise<T> {
  const text = JSON.stringify(key);
  const promise = early.get(text);
  if (!promise) return fetcher();
  early.delete(text);
  return promise as Promise<T>;
}

type QueryOptions = Pick<CallOptions, 'searchParams' | 'silent'>;

function keyOf(path: string, { searchParams, silent }: QueryOptions) {
  const query = searchParams ? new URLSearchParams(searchParams as Record<string, string>).toString() : '';
  return ['api', path, query, silent === true] as const;
}

/** swr over the one client: GET `path` (null: not yet). The key carries the query. */
export function useApi<T>(path: string | null, options: QueryOptions = {}) {
  const { searchParams, silent } = options;
  const key = path === null ? null : keyOf(path, options);
  return useSWR<T, ApiError>(
    key,
    () => takeEarly(key!, () => api.get<T>(path!, { searchParams, silent })),
    { revalidateOnFocus: false, shouldRetryOnError: false },
  );
}

/** Starts useApi's GET before the screen that reads it mounts; the screen then finds it under way. */
export function preloadApi<T>(path: string, options: QueryOptions = {}): void {
  const { searchParams, silent } = options;
  startEarly(keyOf(path, options), () => api.get<T>(path, { searchParams, silent }));
}

/** Forgets every cached answer (the session changed). */
export function clearApiCache(): Promise<unknown> {
  early.clear();
  return mutate(() => true, undefined, { revalidate: false });
}

/**
 * Marks every cached answer of `path` (any query) stale and fetches the ones on screen again. A
 * screen reached right after a change then reads the change, even within swr's deduping interval.
 */
export function refreshApi(path: string): Promise<unknown> {
  return mutate((key) => Array.isArray(key) && key[0] === 'api' && key[1] === path);
}
