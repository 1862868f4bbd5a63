import { useSyncExternalStore } from 'react';

/** Advanced search's filters, kept while the user moves between the results, a room and the map. */
export interface SearchFilters {
  levelId: number | null;
  capacity: number | null;
  resourceType: number | null;
  attributes: number[];
}

let filters: SearchFilters = { levelId: null, capacity: null, resourceType: null, attributes: [] };
const listeners = new Set<() => void>();

export function setSearchFilters(change: Partial<SearchFilters>): void {
  filters = { ...filters, ...change };
  for (const listener of listeners) listener();
}

export function useSearchFiltersState(): SearchFilters {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => filters,
  );
}
