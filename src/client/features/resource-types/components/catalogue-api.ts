import useSWR from 'swr';
import type { Paginated } from '../../../../shared/contract/common';
import type { NameTranslation } from '../../../../shared/contract/resource-types';
import { api } from '../../../api/client';
import type { ApiError } from '../../../api/errors';
import { loadPages } from '../../../api/paginate';
import { useApi } from '../../../api/swr';

/** What resource types and resource attributes have in common on screen. */
export interface CatalogueItem {
  id: number;
  key: string;
  icon: string | null;
  is_bookable?: boolean;
  name: string;
  translations: NameTranslation[];
}

export interface CataloguePaths {
  list: string;
  of(id: number): string;
}

/** spec §4: pages of 200, fetched on while the page is below 3 and more exist. */
export function useCatalogueList(paths: CataloguePaths, query: string) {
  const wanted = query.trim();
  return useSWR<{ items: CatalogueItem[]; total: number }, ApiError>(
    ['catalogue', paths.list, wanted, generations.get(paths.list) ?? 0],
    () =>
      loadPages((page, perPage) =>
        api.get<Paginated<CatalogueItem>>(paths.list, {
          searchParams: { page, per_page: perPage, query: wanted === '' ? undefined : wanted },
        }),
      ),
    { revalidateOnFocus: false, shouldRetryOnError: false, keepPreviousData: true },
  );
}

export const useCatalogueItem = (paths: CataloguePaths, id: number | null) =>
  useApi<CatalogueItem>(id === null ? null : paths.of(id));

// Bumped by every change: a list shown afterwards has a key of its own and loads afresh, which a
// cache mutation could not guarantee (swr drops an in-flight answer that a mutation overtook).
const generations = new Map<string, number>();

/**
 * Forgets the lists of this catalogue after a change. Items are not refetched: the screen that
 * changed one holds its new answer, and a deleted one would answer 404 to its still-mounted screen.
 */
export function forgetCatalogue(paths: CataloguePaths): void {
  generations.set(paths.list, (generations.get(paths.list) ?? 0) + 1);
}

export type CatalogueBody = {
  key?: string;
  icon?: string | null;
  is_bookable?: boolean;
  translations?: Array<{ language_id: number; name: string }>;
};

// Field errors are shown beside the fields, so the warning modal stays out of the way (silent).
export const createItem = (paths: CataloguePaths, body: CatalogueBody) =>
  api.post<CatalogueItem>(paths.list, body, { silent: true });
export const updateItem = (paths: CataloguePaths, id: number, body: CatalogueBody) =>
  api.put<CatalogueItem>(paths.of(id), body, { silent: true });
export const deleteItem = (paths: CataloguePaths, id: number) =>
  api.delete<{ message: string }>(paths.of(id), { silent: true });
