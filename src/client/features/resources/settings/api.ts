import type { QrCodeInfo } from '../../../../shared/contract/qr-codes';
import {
  resourcePaths,
  type Availability,
  type AvailabilityBody,
  type ResourceFunction,
  type ResourceFunctionBody,
  type ResourceFunctionKey,
  type ResourcePage,
  type ResourcePermissions,
  type ServiceType,
  type Unavailability,
  type UnavailabilityBody,
} from '../../../../shared/contract/resources';
import { api } from '../../../api/client';
import { useApi } from '../../../api/swr';
import { fillPath } from '../../../routing/tree';

/** A settings path of one resource: settingsPath('availability', 4, 9) → …/resources/4/availabilities/9 */
export function settingsPath(
  name: keyof typeof resourcePaths,
  id: number,
  extra: { item_id?: number; function?: ResourceFunctionKey } = {},
): string {
  return fillPath(resourcePaths[name], { id, ...extra });
}

interface DataList<T> {
  data: T[];
}

// Every change here is a form with its errors beside the fields: the warning modal stays out of
// the way (silent), and the screens show what is not a field error themselves.
const quiet = { silent: true } as const;

export { useResource } from '../api';

/** Other resources to link to: the company's, filtered by name (one page of 200 is plenty to pick from). */
export const useResourceChoices = (query: string) =>
  useApi<ResourcePage>(resourcePaths.list, {
    searchParams: { per_page: 200, ...(query.trim() ? { query: query.trim() } : {}) },
  });

export const usePermissions = (id: number | null) =>
  useApi<ResourcePermissions>(id === null ? null : settingsPath('permissions', id));
export const savePermissions = (id: number, roleIds: number[]) =>
  api.put<ResourcePermissions>(settingsPath('permissions', id), { role_ids: roleIds }, quiet);

/** Silent: the hub and the function screen each show a failure where it belongs. */
export const useFunctions = (id: number | null) =>
  useApi<DataList<ResourceFunction>>(id === null ? null : settingsPath('functions', id), { silent: true });
export const saveFunction = (id: number, key: ResourceFunctionKey, body: ResourceFunctionBody) =>
  api.put<ResourceFunction>(settingsPath('function', id, { function: key }), body, quiet);

export const useServiceTypes = () => useApi<DataList<ServiceType>>(resourcePaths.serviceTypes);
export const useResourceServices = (id: number | null) =>
  useApi<DataList<ServiceType>>(id === null ? null : settingsPath('services', id));
export const saveServices = (id: number, serviceTypeIds: number[]) =>
  api.put<DataList<ServiceType>>(settingsPath('services', id), { service_type_ids: serviceTypeIds }, quiet);

export const useAvailabilities = (id: number | null) =>
  useApi<DataList<Availability>>(id === null ? null : settingsPath('availabilities', id));
export const createAvailability = (id: number, body: AvailabilityBody) =>
  api.post<Availability>(settingsPath('availabilities', id), body, quiet);
export const updateAvailability = (id: number, itemId: number, body: AvailabilityBody) =>
  api.put<Availability>(settingsPath('availability', id, { item_id: itemId }), body, quiet);
export const deleteAvailability = (id: number, itemId: number) =>
  api.delete<unknown>(settingsPath('availability', id, { item_id: itemId }), quiet);

export const useUnavailabilities = (id: number | null) =>
  useApi<DataList<Unavailability>>(id === null ? null : settingsPath('unavailabilities', id));
export const createUnavailability = (id: number, body: UnavailabilityBody) =>
  api.post<Unavailability>(settingsPath('unavailabilities', id), body, quiet);
export const updateUnavailability = (id: number, itemId: number, body: UnavailabilityBody) =>
  api.put<Unavailability>(settingsPath('unavailability', id, { item_id: itemId }), body, quiet);
export const deleteUnavailability = (id: number, itemId: number) =>
  api.delete<unknown>(settingsPath('unavailability', id, { item_id: itemId }), quiet);

export const useResourceQrCode = (id: number | null) =>
  useApi<QrCodeInfo>(id === null ? null : settingsPath('qrCode', id));

export const uploadImage = (id: number, contentBase64: string) =>
  api.put<unknown>(settingsPath('image', id), { content_base64: contentBase64 }, quiet);
export const removeImage = (id: number) => api.delete<unknown>(settingsPath('image', id), quiet);
