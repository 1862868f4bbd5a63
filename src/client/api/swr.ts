import useSWR, { mutate, preload } from 'swr';
import { api, type CallOptions } from './client';
import type { ApiError } from './errors';

type QueryOptions = Pick<CallOptions, 'searchParams' | 'silent'>;

function keyOf(path: string, { searchParams, silent }: QueryOptions) {
  const query = searchParams ? new URLSearchParams(searchParams as Record<string, string>).toString() : '';
  return ['api', path, query, silent === true] as const;
}

/** swr over the one client: GET `path` (null: not yet). The key carries the query. */
export function useApi<T>(path: string | null, options: QueryOptions = {}) {
  const { searchParams, silent } = options;
  return useSWR<T, ApiError>(
    path === null ? null : keyOf(path, options),
    () => api.get<T>(path!, { searchParams, silent }),
    { revalidateOnFocus: false, shouldRetryOnError: false },
  );
}

/** Starts useApi's GET before the screen that reads it mounts; the screen then finds it under way. */
export function preloadApi<T>(path: string, options: QueryOptions = {}): void {
  const { searchParams, silent } = options;
  void preload(keyOf(path, options), () => api.get<T>(path, { searchParams, silent }));
}

/** Forgets every cached answer (the session changed). */
export function clearApiCache(): Promise<unknown> {
  return mutate(() => true, undefined, { revalidate: false });
}

/**
 * Marks every cached answer of `path` (any query) stale and fetches the ones on screen again. A
 * screen reached right after a change then reads the change, even within swr's deduping interval.
 */
export function refreshApi(path: string): Promise<unknown> {
  return mutate((key) => Array.isArray(key) && key[0] === 'api' && key[1] === path);
}
