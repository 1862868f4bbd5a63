import useSWRInfinite from 'swr/infinite';
import { resourceAttributePaths, type ResourceAttribute } from '../../../shared/contract/resource-attributes';
import { resourceTypePaths, type ResourceType } from '../../../shared/contract/resource-types';
import {
  resourcePath,
  resourcePaths,
  type CheckDeleteAnswer,
  type CreateResourceBody,
  type DateCapacity,
  type DateCapacityList,
  type DateCapacityBody,
  type Resource,
  type ResourcePage,
  type UpdateResourceBody,
} from '../../../shared/contract/resources';
import { api } from '../../api/client';
import type { ApiError } from '../../api/errors';
import { useApi } from '../../api/swr';
import { fillPath } from '../../routing/tree';
import { listQuery, type ResourceFilters } from './filters';

// Bumped by every change: a list shown afterwards has a key of its own and loads afresh (swr would
// drop an in-flight answer that a cache mutation overtook).
let generation = 0;
export function forgetResourceLists(): void {
  generation += 1;
}

/** spec §2 /resources: the list, 50 at a time; `setSize` loads the next page. */
export function useResourceList(filters: ResourceFilters) {
  const params = JSON.stringify(filters);
  const current = generation;
  return useSWRInfinite<ResourcePage, ApiError>(
    (index: number, previous: ResourcePage | null) =>
      previous && previous.meta.current_page >= previous.meta.last_page
        ? null
        : ['resources', params, index + 1, current],
    ([, , page]: [string, string, number]) =>
      api.get<ResourcePage>(resourcePaths.list, { searchParams: listQuery(filters, page) }),
    {
      revalidateOnFocus: false,
      shouldRetryOnError: false,
      revalidateFirstPage: false,
      keepPreviousData: true,
    },
  );
}

export const useResource = (id: number | null) => useApi<Resource>(id === null ? null : resourcePath(id));
export const useResourceTypes = () => useApi<{ data: ResourceType[] }>(resourceTypePaths.all);
export const useResourceAttributes = () => useApi<{ data: ResourceAttribute[] }>(resourceAttributePaths.all);
export const useDateCapacities = (id: number | null) =>
  useApi<DateCapacityList>(id === null ? null : fillPath(resourcePaths.dateCapacities, { id }));

// Field errors are shown beside the fields, so the warning modal stays out of the way (silent).
export const createResource = (body: CreateResourceBody) =>
  api.post<Resource>(resourcePaths.list, body, { silent: true });
export const updateResource = (id: number, body: UpdateResourceBody) =>
  api.put<Resource>(resourcePath(id), body, { silent: true });
export const updateResourceAttributes = (id: number, ids: readonly number[]) =>
  api.put<Resource>(
    fillPath(resourcePaths.attributes, { id }),
    { resource_attribute_ids: ids },
    { silent: true },
  );
export const duplicateResource = (id: number, name: string) =>
  api.post<Resource>(fillPath(resourcePaths.duplicate, { id }), { name }, { silent: true });
export const checkDeleteResource = (id: number) =>
  api.get<CheckDeleteAnswer>(fillPath(resourcePaths.checkDelete, { id }), { silent: true });
export const deleteResource = (id: number) =>
  api.delete<{ message: string }>(resourcePath(id), { silent: true });

export const createDateCapacity = (id: number, body: DateCapacityBody) =>
  api.post<DateCapacity>(fillPath(resourcePaths.dateCapacities, { id }), body, { silent: true });
export const updateDateCapacity = (id: number, itemId: number, body: DateCapacityBody) =>
  api.put<DateCapacity>(fillPath(resourcePaths.dateCapacity, { id, item_id: itemId }), body, {
    silent: true,
  });
export const deleteDateCapacity = (id: number, itemId: number) =>
  api.delete<{ message: string }>(fillPath(resourcePaths.dateCapacity, { id, item_id: itemId }), {
    silent: true,
  });
