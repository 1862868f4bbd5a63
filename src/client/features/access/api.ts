import {
  accessPaths,
  containerPath,
  membersPath,
  megaContainerPath,
  permissionRolesPath,
  rolePath,
  rolePermissionsPath,
  MEMBER_KINDS,
  type Container,
  type ContainerList,
  type Explanation,
  type MegaContainer,
  type MegaContainerList,
  type MemberKind,
  type MemberList,
  type PermissionList,
  type PermissionRoles,
  type Role,
  type RoleList,
  type RolePermissionList,
} from '../../../shared/contract/access';
import type { AccessType } from '../../../shared/permissions';
import { api } from '../../api/client';
import { useApi } from '../../api/swr';

export const useContainers = (type?: AccessType) =>
  useApi<ContainerList>(accessPaths.containers, type ? { searchParams: { access_type: type } } : {});
export const useContainer = (id: number | null) => useApi<Container>(id === null ? null : containerPath(id));
export const useMembers = (id: number | null, kind: MemberKind) =>
  useApi<MemberList>(id === null ? null : membersPath(id, kind));
export const useRoles = (kind: AccessType) => useApi<RoleList>(accessPaths.roles, { searchParams: { kind } });
export const useRole = (id: number | null) => useApi<Role>(id === null ? null : rolePath(id));
export const useRolePermissions = (id: number | null) =>
  useApi<RolePermissionList>(id === null ? null : rolePermissionsPath(id));
export const usePermissions = (category: AccessType) =>
  useApi<PermissionList>(accessPaths.permissions, { searchParams: { category } });
export const usePermissionRoles = (id: number | null) =>
  useApi<PermissionRoles>(id === null ? null : permissionRolesPath(id));
export const useMegaContainers = () => useApi<MegaContainerList>(accessPaths.megaContainers);
export const useMegaContainer = (id: number | null) =>
  useApi<MegaContainer>(id === null ? null : megaContainerPath(id));
/** Asked afresh each time a person and place are chosen, however soon after the last (no dedupe). */
export const useExplanation = (query: { user_id: number; level_id?: number; resource_id?: number } | null) =>
  useApi<Explanation>(
    query === null ? null : accessPaths.explain,
    {
      searchParams: Object.fromEntries(
        Object.entries(query ?? {}).filter(([, value]) => value !== undefined),
      ),
    },
    { dedupingInterval: 0 },
  );

// Forms show their own field errors: these calls do not open the warning modal.
const SILENT = { silent: true } as const;
export const createContainer = (name: string, accessType: AccessType) =>
  api.post<Container>(accessPaths.containers, { name, access_type: accessType }, SILENT);
export const renameContainer = (id: number, name: string) =>
  api.put<Container>(containerPath(id), { name }, SILENT);
export const deleteContainer = (id: number) => api.delete(containerPath(id));

/** spec §4: membership saved by diff, the removed ones deleted, the added ones posted. */
export async function saveMembersByDiff(
  id: number,
  kind: MemberKind,
  before: ReadonlySet<number>,
  after: ReadonlySet<number>,
): Promise<void> {
  const key = MEMBER_KINDS[kind];
  const removed = [...before].filter((member) => !after.has(member));
  const added = [...after].filter((member) => !before.has(member));
  if (removed.length > 0) await api.delete(membersPath(id, kind), { json: { [key]: removed } });
  if (added.length > 0) await api.post(membersPath(id, kind), { [key]: added });
}

export const createRole = (name: string, kind: AccessType) =>
  api.post<Role>(accessPaths.roles, { name, kind }, SILENT);
export const renameRole = (id: number, name: string) => api.put<Role>(rolePath(id), { name }, SILENT);
export const deleteRole = (id: number) => api.delete(rolePath(id));

export interface GrantRow {
  granted: boolean;
  is_active: boolean;
  create: boolean;
  read: boolean;
  update: boolean;
  delete: boolean;
  value: number | null;
}
export const setRolePermissions = (id: number, rows: Array<GrantRow & { permission_id: number }>) =>
  api.put<RolePermissionList>(`${rolePermissionsPath(id)}/bulk`, { permissions: rows });
export const setPermissionRoles = (id: number, rows: Array<GrantRow & { role_id: number }>) =>
  api.put<PermissionRoles>(`${permissionRolesPath(id)}/bulk`, { roles: rows });

export const createMegaContainer = (name: string) =>
  api.post<MegaContainer>(accessPaths.megaContainers, { name }, SILENT);
export const deleteMegaContainer = (id: number) => api.delete(megaContainerPath(id));
export const setMegaContainerContainers = (id: number, containerIds: number[]) =>
  api.post<MegaContainer>(`${megaContainerPath(id)}/containers`, { container_ids: containerIds });
