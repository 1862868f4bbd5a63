import useSWR, { mutate } from 'swr';
import { api, type CallOptions } from './client';
import type { ApiError } from './errors';

type QueryOptions = Pick<CallOptions, 'searchParams' | 'silent'>;

/** swr over the one client: GET `path` (null: not yet). The key carries the query. */
export function useApi<T>(path: string | null, options: QueryOptions = {}) {
  const { searchParams, silent } = options;
  const query = searchParams ? new URLSearchParams(searchParams as Record<string, string>).toString() : '';
  return useSWR<T, ApiError>(
    path === null ? null : ['api', path, query, silent === true],
    () => api.get<T>(path!, { searchParams, silent }),
    { revalidateOnFocus: false, shouldRetryOnError: false },
  );
}

/** Forgets every cached answer (the session changed). */
export function clearApiCache(): Promise<unknown> {
  return mutate(() => true, undefined, { revalidate: false });
}
