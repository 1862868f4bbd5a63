import {
  invitationPaths,
  userPaths,
  type AssignedResource,
  type BulkDeleteBody,
  type CreateUserBody,
  type DeletedUsers,
  type ImportPreview,
  type InvitationCheck,
  type ManagedUser,
  type UpdateUserBody,
  type UserContainerRef,
} from '../../../shared/contract/users';
import type { InitialResponse } from '../../../shared/contract/auth';
import type { Paginated } from '../../../shared/contract/common';
import { levelsPath, type LevelList } from '../../../shared/contract/levels';
import { levelResourcesPath, type ResourceList } from '../../../shared/contract/resources';
import { api } from '../../api/client';
import { useApi } from '../../api/swr';
import { fillPath } from '../../routing/tree';
import { listQuery, type UserFilters } from './filters';

// Bumped by every change: a list shown afterwards has a key of its own and loads afresh (as the
// resources list does), so a user just added, changed or deleted is never shown as before.
let generation = 0;
export const listGeneration = () => generation;
function changes<T>(call: Promise<T>): Promise<T> {
  return call.then((answer) => {
    generation += 1;
    return answer;
  });
}

export const fetchUsersPage = (filters: UserFilters, page: number, perPage: number) =>
  api.get<Paginated<ManagedUser>>(userPaths.all, { searchParams: listQuery(filters, page, perPage) });

export const useUser = (id: number | null) =>
  useApi<ManagedUser>(id === null ? null : fillPath(userPaths.one, { id }));
export const useAssignableContainers = () =>
  useApi<{ data: UserContainerRef[] }>(userPaths.assignableContainers);

// Field errors show beside the fields, so the warning modal stays out of the way (silent).
export const createUser = (body: CreateUserBody) =>
  changes(api.post<ManagedUser>(userPaths.all, body, { silent: true }));
export const updateUser = (id: number, body: UpdateUserBody) =>
  changes(api.put<ManagedUser>(fillPath(userPaths.one, { id }), body, { silent: true }));
export const setUserContainers = (id: number, containerIds: readonly number[]) =>
  changes(
    api.put<ManagedUser>(
      fillPath(userPaths.containers, { id }),
      { container_ids: containerIds },
      { silent: true },
    ),
  );
export const setUserPassword = (id: number, body: { password: string; password_confirmation: string }) =>
  api.put<{ message: string }>(fillPath(userPaths.password, { id }), body, { silent: true });
export const resendInvitation = (id: number) =>
  api.post<{ message: string }>(fillPath(userPaths.invitation, { id }), {}, { silent: true });

/** A refusal (bookings ahead, the last administrator) is shown by the dialog itself. */
export const deleteUser = (id: number, cancelBookings: boolean) =>
  changes(
    api.delete<DeletedUsers>(fillPath(userPaths.one, { id }), {
      searchParams: cancelBookings ? { cancel_bookings: '1' } : {},
      silent: true,
    }),
  );
export const bulkDeleteUsers = (body: BulkDeleteBody) =>
  changes(api.post<DeletedUsers>(userPaths.bulkDelete, body, { silent: true }));

export const addAssignment = (id: number, resourceId: number) =>
  changes(
    api.post<AssignedResource>(
      fillPath(userPaths.assignments, { id }),
      { resource_id: resourceId },
      { silent: true },
    ),
  );
export const changeAssignment = (id: number, assignmentId: number, resourceId: number) =>
  changes(
    api.put<AssignedResource>(
      fillPath(userPaths.assignment, { id, assignmentId }),
      { resource_id: resourceId },
      { silent: true },
    ),
  );
export const removeAssignment = (id: number, assignmentId: number) =>
  changes(
    api.delete<{ message: string }>(fillPath(userPaths.assignment, { id, assignmentId }), { silent: true }),
  );

export const previewImport = (csv: string) =>
  api.post<ImportPreview>(userPaths.importPreview, { csv }, { silent: true });
export const runImport = (csv: string) =>
  changes(api.post<{ message: string; created: number }>(userPaths.importCsv, { csv }, { silent: true }));
export const exportUsers = (filters: UserFilters) =>
  api.getBlob(userPaths.exportCsv, { searchParams: listQuery(filters, 1, 200) });

export const checkInvitation = (token: string) =>
  api.get<InvitationCheck>(invitationPaths.check(token), { silent: true, noRefresh: true });
export const acceptInvitation = (body: { token: string; password: string; password_confirmation: string }) =>
  api.post<InitialResponse>(invitationPaths.accept, body, {
    silent: true,
    noRefresh: true,
    searchParams: { includes: 'all' },
  });

/** Every level (the picker of a resource to assign) and one level's resources. */
export const useAllLevels = () => useApi<LevelList>(`${levelsPath}/all`, { searchParams: { depth: 'ALL' } });
export const useLevelResources = (levelId: number | null) =>
  useApi<ResourceList>(levelId === null ? null : levelResourcesPath(levelId));
