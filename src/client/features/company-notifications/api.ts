import {
  notificationPaths,
  type CompanyNotification,
  type CompanyNotificationBodyInput,
  type UnreadCount,
  type UserContainerOptionList,
  type UserNotification,
  type UserNotificationPage,
} from '../../../shared/contract/company-notifications';
import type { Paginated } from '../../../shared/contract/common';
import { api } from '../../api/client';
import { refreshApi, useApi } from '../../api/swr';

/** spec §9: lists load pages of 200. */
const PAGE = { page: '1', per_page: '200' };

export const useCompanyNotifications = () =>
  useApi<Paginated<CompanyNotification>>(notificationPaths.list, { searchParams: PAGE });
export const useCompanyNotification = (id: number | null) =>
  useApi<CompanyNotification>(id === null ? null : notificationPaths.oneOf(id));
export const useNotificationContainers = () =>
  useApi<UserContainerOptionList>(notificationPaths.userContainers);

export async function saveCompanyNotification(
  id: number | null,
  body: CompanyNotificationBodyInput,
): Promise<CompanyNotification> {
  const saved =
    id === null
      ? await api.post<CompanyNotification>(notificationPaths.list, body, { silent: true })
      : await api.put<CompanyNotification>(notificationPaths.oneOf(id), body, { silent: true });
  await refreshApi(notificationPaths.list);
  return saved;
}

export async function deleteCompanyNotification(id: number): Promise<void> {
  await api.delete(notificationPaths.oneOf(id));
  await refreshApi(notificationPaths.list);
}

// ---- the user's own (the header's notification centre)

export const useUnreadCount = () => useApi<UnreadCount>(notificationPaths.unread);
export const useMyNotifications = (open: boolean) =>
  useApi<UserNotificationPage>(open ? notificationPaths.mine : null, { searchParams: PAGE });

/** The count and the open list read themselves again (after a change here or a realtime event). */
export const refreshMyNotifications = () =>
  Promise.all([refreshApi(notificationPaths.unread), refreshApi(notificationPaths.mine)]);

export async function markNotificationRead(id: number): Promise<UserNotification> {
  const read = await api.put<UserNotification>(notificationPaths.readOf(id), {});
  await refreshMyNotifications();
  return read;
}

export async function deleteMyNotification(id: number): Promise<void> {
  await api.delete(notificationPaths.mineOneOf(id));
  await refreshMyNotifications();
}
