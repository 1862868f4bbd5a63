import useSWR, { mutate } from 'swr';
import type { Paginated } from '../../../shared/contract/common';
import {
  servicePaths,
  type CreateOrderBody,
  type HistoryEntry,
  type OrdersQuery,
  type ServiceItem,
  type ServiceItemBodyInput,
  type ServiceOrder,
  type ServiceResource,
  type ServiceType,
} from '../../../shared/contract/services';
import {
  servicePagePaths,
  type ProblemsQuery,
  type ServiceProblem,
} from '../../../shared/contract/service-page';
import { api } from '../../api/client';
import type { ApiError } from '../../api/errors';
import { loadPages } from '../../api/paginate';
import { useApi } from '../../api/swr';
import { useRefetchOnEvent } from '../../realtime';

/** spec §7 Services, one hook or call each; lists load pages of 200 (spec §4). */

export function useQueue(query: OrdersQuery) {
  const result = useSWR<{ items: ServiceOrder[]; total: number }, ApiError>(
    ['service-queue', JSON.stringify(query)],
    () =>
      loadPages((page, perPage) =>
        api.get<Paginated<ServiceOrder>>(servicePaths.orders, {
          searchParams: { ...(query as Record<string, string>), page, per_page: perPage },
        }),
      ),
    { revalidateOnFocus: false, shouldRetryOnError: false, keepPreviousData: true },
  );
  useRefetchOnEvent('service_orders_changed', () => void result.mutate());
  return result;
}

/**
 * The problems reported on the resources' pages that the caller serves (open ones, or all), newest
 * first. No realtime event announces a report: the list is read again when the screen regains focus.
 */
export function useProblems(resolved: NonNullable<ProblemsQuery['resolved']>) {
  return useSWR<{ items: ServiceProblem[]; total: number }, ApiError>(
    ['service-problems', resolved],
    () =>
      loadPages((page, perPage) =>
        api.get<Paginated<ServiceProblem>>(servicePagePaths.providerProblems, {
          searchParams: { resolved, page, per_page: perPage },
        }),
      ),
    { revalidateOnFocus: true, shouldRetryOnError: false, keepPreviousData: true },
  );
}

/** Marks a problem resolved; every problem list shown (open ones, all) is read again. */
export async function resolveProblem(id: number): Promise<ServiceProblem> {
  const problem = await api.put<ServiceProblem>(servicePagePaths.resolveOf(id), {}, { silent: true });
  await mutate((key) => Array.isArray(key) && key[0] === 'service-problems');
  return problem;
}

/** One order, read again whenever an order changes (spec §4 'service orders changed'). */
export function useOrder(id: number | null) {
  const result = useApi<ServiceOrder>(id === null ? null : servicePaths.orderOf(id), { silent: true });
  useRefetchOnEvent('service_orders_changed', () => void result.mutate());
  return result;
}

export function useHistory(orderId: number | null) {
  const result = useApi<{ data: HistoryEntry[] }>(orderId === null ? null : servicePaths.history, {
    searchParams: { service_order_id: orderId ?? 0 },
    silent: true,
  });
  useRefetchOnEvent('service_orders_changed', () => void result.mutate());
  return result;
}

export function useMyOrders(declarationId?: number) {
  const result = useApi<{ data: ServiceOrder[] }>(servicePaths.myOrders, {
    searchParams: declarationId === undefined ? {} : { declaration_id: declarationId },
  });
  useRefetchOnEvent('service_orders_changed', () => void result.mutate());
  return result;
}

export const useServiceTypes = () => useApi<{ data: ServiceType[] }>(servicePaths.types);
export const useServiceType = (id: number | null) =>
  useApi<ServiceType>(id === null ? null : servicePaths.typeOf(id), { silent: true });

export function useServiceItems(resourceId?: number | null) {
  return useSWR<{ items: ServiceItem[]; total: number }, ApiError>(
    resourceId === null ? null : ['service-items', resourceId ?? 'all', generation],
    () =>
      loadPages((page, perPage) =>
        api.get<Paginated<ServiceItem>>(servicePaths.items, {
          searchParams: { page, per_page: perPage, resource_id: resourceId ?? undefined },
        }),
      ),
    { revalidateOnFocus: false, shouldRetryOnError: false },
  );
}
export const useServiceItem = (id: number | null) =>
  useApi<ServiceItem>(id === null ? null : servicePaths.itemOf(id), { silent: true });

export function useServiceResources(query: string) {
  return useSWR<{ items: ServiceResource[]; total: number }, ApiError>(
    ['service-resources', query],
    () =>
      loadPages((page, perPage) =>
        api.get<Paginated<ServiceResource>>(servicePaths.resources, {
          searchParams: { page, per_page: perPage, query: query.trim() === '' ? undefined : query.trim() },
        }),
      ),
    { revalidateOnFocus: false, shouldRetryOnError: false, keepPreviousData: true },
  );
}

// Bumped by every catalogue change: lists shown afterwards load afresh.
let generation = 0;
const changed = <T>(answer: Promise<T>) =>
  answer.then((value) => {
    generation += 1;
    return value;
  });

// Field errors are shown beside the fields, so the warning modal stays out of the way (silent).
export const createServiceType = (name: string) =>
  changed(api.post<ServiceType>(servicePaths.types, { name }, { silent: true }));
export const updateServiceType = (id: number, name: string) =>
  changed(api.put<ServiceType>(servicePaths.typeOf(id), { name }, { silent: true }));
export const createServiceItem = (body: ServiceItemBodyInput) =>
  changed(api.post<ServiceItem>(servicePaths.items, body, { silent: true }));
export const updateServiceItem = (id: number, body: ServiceItemBodyInput) =>
  changed(api.put<ServiceItem>(servicePaths.itemOf(id), body, { silent: true }));
export const storeServiceItemImage = (id: number, contentBase64: string) =>
  changed(
    api.put<{ image_url: string }>(
      servicePaths.itemImageOf(id),
      { content_base64: contentBase64 },
      { silent: true },
    ),
  );
export const placeOrder = (body: CreateOrderBody) =>
  api.post<ServiceOrder>(servicePaths.orders, body, { silent: true });
export const setOrderStatus = (orderId: number, statusId: number) =>
  api.put<ServiceOrder>(servicePaths.orderStatusOf(orderId, statusId), {}, { silent: true });
export const setItemStatus = (orderId: number, itemId: number, statusId: number) =>
  api.put<ServiceOrder>(servicePaths.itemStatusOf(orderId, itemId, statusId), {}, { silent: true });
