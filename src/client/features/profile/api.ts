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
