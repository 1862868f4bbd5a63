import { useEffect, useState } from 'react';
import useSWR, { mutate, type SWRConfiguration } from 'swr';
import { api, type CallOptions } from './client';
import type { ApiError } from './errors';

/**
 * Answers asked for before the screen that reads them mounted (a route's prefetch, the pane's first
 * rooms). Each is taken once, by the screen's first fetch of its key, and only while fresh: swr's
 * own preload keeps an untaken answer until the key's next fetch, however late, which would hand a
 * screen that revalidates minutes later the old answer.
 */
const EARLY_MS = 10_000;

interface Early {
  promise: Promise<unknown>;
  /** set once the answer has arrived */
  arrived?: { value: unknown };
}

const early = new Map<string, Early>();

/**
 * Bumped when the session changes: every swr key ends with it, so a request the last session started
 * (swr dedupes a key's fetches for two seconds, and drops an answer older than a mutate) is never the
 * next session's answer, and the next session's screens ask again.
 */
let sessionGeneration = 0;

/** Starts `fetcher` for `key` unless an early answer for it is already under way. */
export function startEarly<T>(key: readonly unknown[], fetcher: () => Promise<T>): void {
  const text = JSON.stringify(key);
  if (early.has(text)) return;
  const promise = fetcher();
  const entry: Early = { promise };
  // The screen that takes it reads a failure; one never taken is dropped quietly.
  promise.then(
    (value) => (entry.arrived = { value }),
    () => undefined,
  );
  early.set(text, entry);
  setTimeout(() => {
    if (early.get(text) === entry) early.delete(text);
  }, EARLY_MS);
}

/** The early answer for `key` if one is under way or fresh (taken: the next fetch asks again), else `fetcher()`. */
export function takeEarly<T>(key: readonly unknown[], fetcher: () => Promise<T>): Promise<T> {
  const text = JSON.stringify(key);
  const entry = early.get(text);
  if (!entry) return fetcher();
  early.delete(text);
  return entry.promise as Promise<T>;
}

/**
 * Settles once every early answer under way has arrived or failed, or after `maxMs`: a cold start's
 * router can then draw the screen with its first answers in the same render as the shell.
 */
export function earlyAnswersSettled(maxMs: number): Promise<void> {
  const pending = [...early.values()]
    .filter((entry) => !entry.arrived)
    .map((entry) => entry.promise.catch(() => undefined));
  if (pending.length === 0) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, maxMs);
    void Promise.all(pending).then(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/**
 * swr options for `key`: an early answer that had already arrived when the screen mounted is its
 * data from the first render, and is not asked for again (it is taken). Handed only the promise,
 * swr would draw the screen without it first and with it one render later: on the pane's way to its
 * first free rooms that was a whole render and commit more.
 */
export function useArrivedEarly<T>(
  key: readonly unknown[] | null,
): Pick<SWRConfiguration<T>, 'fallbackData' | 'revalidateOnMount'> {
  const text = key === null ? null : JSON.stringify(key);
  // Looked at during the render, taken in the effect: renders stay pure.
  const [arrived] = useState(() => {
    const entry = text === null ? undefined : early.get(text);
    return entry?.arrived ? { text: text!, entry, value: entry.arrived.value as T } : null;
  });
  useEffect(() => {
    if (arrived && early.get(arrived.text) === arrived.entry) early.delete(arrived.text);
  }, [arrived]);
  if (!arrived || arrived.text !== text) return {};
  return { fallbackData: arrived.value, revalidateOnMount: false };
}

type QueryOptions = Pick<CallOptions, 'searchParams' | 'silent'>;

function keyOf(path: string, { searchParams, silent }: QueryOptions) {
  const query = searchParams ? new URLSearchParams(searchParams as Record<string, string>).toString() : '';
  return ['api', path, query, silent === true] as const;
}

/**
 * swr over `key` (null: not yet) whose answer may have been started early (startEarly): the early
 * answer is taken once, else `fetcher` asks. With `keepPreviousData`, the last key's answer stays as
 * `data` while another key's is on its way.
 */
export function useEarly<T>(
  key: readonly unknown[] | null,
  fetcher: () => Promise<T>,
  swrOptions: Pick<SWRConfiguration<T>, 'keepPreviousData' | 'dedupingInterval'> = {},
) {
  const arrived = useArrivedEarly<T>(key);
  return useSWR<T, ApiError>(key === null ? null : [...key, sessionGeneration], () => takeEarly(key!, fetcher), {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
    ...swrOptions,
    ...arrived,
  });
}

/** useEarly over the one client: GET `path` (null: not yet). The key carries the query. */
export function useApi<T>(
  path: string | null,
  options: QueryOptions = {},
  swrOptions: Pick<SWRConfiguration<T>, 'keepPreviousData' | 'dedupingInterval'> = {},
) {
  const { searchParams, silent } = options;
  const key = path === null ? null : keyOf(path, options);
  return useEarly<T>(key, () => api.get<T>(path!, { searchParams, silent }), swrOptions);
}

/** Starts useApi's GET before the screen that reads it mounts; the screen then finds it under way. */
export function preloadApi<T>(path: string, options: QueryOptions = {}): void {
  const { searchParams, silent } = options;
  startEarly(keyOf(path, options), () => api.getNow<T>(path, { searchParams, silent }));
}

/** An answer of useApi's GET already in hand (another answer held it): the screen's next fetch takes it. */
export function seedApi<T>(path: string, options: QueryOptions, value: T): void {
  startEarly(keyOf(path, options), () => Promise.resolve(value));
}

/** Forgets every cached answer (the session changed). */
export function clearApiCache(): Promise<unknown> {
  early.clear();
  sessionGeneration += 1;
  return mutate(() => true, undefined, { revalidate: false });
}

/**
 * Marks every cached answer of `path` (any query) stale and fetches the ones on screen again. A
 * screen reached right after a change then reads the change, even within swr's deduping interval.
 */
export function refreshApi(path: string): Promise<unknown> {
  return mutate((key) => Array.isArray(key) && key[0] === 'api' && key[1] === path);
}
