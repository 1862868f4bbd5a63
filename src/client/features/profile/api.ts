import {
  availablePermissionsPath,
  delegationPath,
  delegationPaths,
  delegationsPath,
  type AvailablePermissionList,
  type CreateDelegationBody,
  type DelegateUserPage,
  type Delegation,
  type DelegationList,
  type UpdateDelegationBody,
} from '../../../shared/contract/delegations';
import type { MessageBody } from '../../../shared/contract/common';
import {
  profilePaths,
  type AssignmentBreakBody,
  type ChangePasswordBody,
  type Profile,
  type ProfileAssignment,
  type ProfileAssignments,
  type ProfileGroups,
  type ProfileRoles,
  type UpdateProfileBody,
} from '../../../shared/contract/profile';
import { api } from '../../api/client';
import { refreshApi, useApi } from '../../api/swr';

/** Changes answer their errors inline, beside the permissions and in the form's message. */
const INLINE = { silent: true } as const;

/** Colleagues asked for at a time on the add screen ("Show more" asks for the next page). */
export const DELEGATE_USERS_PER_PAGE = 20;

export type Direction = 'given' | 'received';

export const useDelegations = (direction: Direction) =>
  useApi<DelegationList>(delegationsPath, { searchParams: { direction } });
export const useDelegation = (id: number | null) =>
  useApi<Delegation>(id === null ? null : delegationPath(id));
export const useAvailablePermissions = (userId: number | null) =>
  useApi<AvailablePermissionList>(userId === null ? null : availablePermissionsPath(userId));
export const useDelegateUsers = (query: string, page: number, options: { keepPreviousData?: boolean } = {}) =>
  useApi<DelegateUserPage>(
    delegationPaths.delegateUsers,
    { searchParams: { ...(query ? { query } : {}), page, per_page: DELEGATE_USERS_PER_PAGE } },
    options,
  );

/**
 * A delegation changed or went: the lists read it again (the search shows who is a delegate), the
 * delegate's available permissions too, and the delegation itself unless it is gone (its screen
 * would answer 404 to its own read).
 */
export async function delegationChanged(delegation: Delegation, removed = false): Promise<Delegation> {
  await Promise.all([
    refreshApi(delegationsPath),
    refreshApi(delegationPaths.delegateUsers),
    refreshApi(availablePermissionsPath(delegation.delegated_to.id)),
    removed ? null : refreshApi(delegationPath(delegation.id)),
  ]);
  return delegation;
}

export const createDelegation = async (body: CreateDelegationBody) =>
  delegationChanged(await api.post<Delegation>(delegationsPath, body, INLINE));
export const updateDelegation = async (id: number, body: UpdateDelegationBody) =>
  delegationChanged(await api.put<Delegation>(delegationPath(id), body, INLINE));
/**
 * The delegator withdraws it or the delegate gives it back. The caller refreshes with
 * delegationChanged(…, true) once its confirmation dialog has closed, not before: the refreshed
 * list would drop the row, and its dialog with it, while still open.
 */
export const deleteDelegation = (id: number) => api.delete<MessageBody>(delegationPath(id), INLINE);

// The profile's own settings (spec §2 /profile: language, timezone, country, change-password, groups, roles, photo).

export const useProfile = () => useApi<Profile>(profilePaths.profile);
export const useProfileGroups = () => useApi<ProfileGroups>(profilePaths.groups);
export const useProfileRoles = () => useApi<ProfileRoles>(profilePaths.roles);

export async function updateProfile(body: UpdateProfileBody): Promise<Profile> {
  const profile = await api.put<Profile>(profilePaths.profile, body);
  await refreshApi(profilePaths.profile);
  return profile;
}

export const changePassword = (body: ChangePasswordBody) =>
  api.post<MessageBody>(profilePaths.changePassword, body, { silent: true });

export async function storePhoto(contentBase64: string): Promise<Profile> {
  const profile = await api.put<Profile>(
    profilePaths.photo,
    { content_base64: contentBase64 },
    { silent: true },
  );
  await refreshApi(profilePaths.profile);
  return profile;
}

export async function deletePhoto(): Promise<Profile> {
  const profile = await api.delete<Profile>(profilePaths.photo);
  await refreshApi(profilePaths.profile);
  return profile;
}

// spec §2 /profile assigned-resources (add-break, :breakId): the user's own resources and their breaks.

export const useAssignedResources = () => useApi<ProfileAssignments>(profilePaths.assignedResources);
export const useAssignedResource = (id: number | null) =>
  useApi<ProfileAssignment>(id === null ? null : assignedResourcePath(id));

const assignedResourcePath = (id: number) =>
  profilePaths.assignedResource.replace(':assignmentId', String(id));
const breaksPath = (id: number) => `${assignedResourcePath(id)}/breaks`;

async function assignmentChanged(assignment: ProfileAssignment): Promise<ProfileAssignment> {
  await Promise.all([
    refreshApi(profilePaths.assignedResources),
    refreshApi(assignedResourcePath(assignment.id)),
  ]);
  return assignment;
}

export const addBreak = async (assignmentId: number, body: AssignmentBreakBody) =>
  assignmentChanged(await api.post<ProfileAssignment>(breaksPath(assignmentId), body, INLINE));
export const changeBreak = async (assignmentId: number, breakId: number, body: AssignmentBreakBody) =>
  assignmentChanged(await api.put<ProfileAssignment>(`${breaksPath(assignmentId)}/${breakId}`, body, INLINE));
export const deleteBreak = async (assignmentId: number, breakId: number) =>
  assignmentChanged(await api.delete<ProfileAssignment>(`${breaksPath(assignmentId)}/${breakId}`, INLINE));
