import type {
  Device,
  DeviceBody,
  DeviceList,
  DeviceTemplate,
  DeviceTemplateList,
  DeviceUserList,
  DeviceUsersBody,
  DeviceWithCode,
  DisplayPage,
  TemplateBody,
} from '../../../shared/contract/devices';
import { devicePaths, displayPaths } from '../../../shared/contract/devices';
import type { DeclarationList } from '../../../shared/contract/declarations';
import { resourcePaths, type ResourcePage } from '../../../shared/contract/resources';
import { api } from '../../api/client';
import { refreshApi, useApi } from '../../api/swr';

const at = (template: string, values: Record<string, string | number>) =>
  template.replace(/:(\w+)/g, (_whole, key: string) => encodeURIComponent(String(values[key])));

export const useDevices = () => useApi<DeviceList>(devicePaths.devices);
export const useTemplates = () => useApi<DeviceTemplateList>(devicePaths.templates);
export const useDeviceUsers = (deviceId: number | null) =>
  useApi<DeviceUserList>(deviceId === null ? null : devicePaths.users, {
    searchParams: { model_id: deviceId ?? 0 },
  });
/** The rooms and desks a display may be bound to (the first 200 by name). */
export const useResourceChoices = () =>
  useApi<ResourcePage>(resourcePaths.list, { searchParams: { per_page: 200 } });

const refreshDevices = () => refreshApi(devicePaths.devices);
const refreshTemplates = () => Promise.all([refreshApi(devicePaths.templates), refreshDevices()]);

export async function saveTemplate(id: number | null, body: TemplateBody): Promise<DeviceTemplate> {
  const saved =
    id === null
      ? await api.post<DeviceTemplate>(devicePaths.templates, body, { silent: true })
      : await api.put<DeviceTemplate>(at(devicePaths.template, { id }), body, { silent: true });
  await refreshTemplates();
  return saved;
}

export async function registerDevice(body: DeviceBody): Promise<DeviceWithCode> {
  const device = await api.post<DeviceWithCode>(devicePaths.devices, body, { silent: true });
  await refreshDevices();
  return device;
}

export async function editDevice(id: number, body: DeviceBody): Promise<Device> {
  const device = await api.put<Device>(at(devicePaths.device, { id }), body, { silent: true });
  await refreshDevices();
  return device;
}

export async function newCode(id: number): Promise<DeviceWithCode> {
  const device = await api.post<DeviceWithCode>(at(devicePaths.code, { id }), {}, { silent: true });
  await refreshDevices();
  return device;
}

export async function removeDevice(id: number): Promise<void> {
  await api.delete(at(devicePaths.device, { id }), { silent: true });
  await refreshDevices();
}

export async function setDeviceUsers(body: DeviceUsersBody): Promise<DeviceUserList> {
  const users = await api.post<DeviceUserList>(devicePaths.users, body, { silent: true });
  await Promise.all([refreshApi(devicePaths.users), refreshDevices()]);
  return users;
}

/** The display's calls: public, on the company's host, by the display's code; errors stay on the display. */
export const displayPage = (code: string) =>
  api.get<DisplayPage>(at(displayPaths.page, { code }), { silent: true });
export const displayHeartbeat = (code: string) =>
  api.post(at(displayPaths.heartbeat, { code }), {}, { silent: true });
export const displayBook = (code: string, minutes: number) =>
  api.post<DeclarationList>(at(displayPaths.book, { code }), { minutes }, { silent: true });
export const displayCheck = (code: string, action: 'check-in' | 'check-out', declarationId: number) =>
  api.post(
    at(action === 'check-in' ? displayPaths.checkIn : displayPaths.checkOut, { code }),
    { declaration_id: declarationId },
    { silent: true },
  );
