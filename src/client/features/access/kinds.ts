import { useLocation } from 'react-router-dom';
import type { AccessType, PermissionName } from '../../../shared/permissions';

/**
 * The five kinds of container and role (spec §2 containers-*, roles-*, permissions-*): one set of
 * screens serves them all, each reading its kind from the address it is shown at.
 */
export interface AccessKind {
  type: AccessType;
  /** the first segment of the kind's container and role screens */
  containers: string;
  roles: string;
  permissions: string | null;
  containerPermission: PermissionName;
  rolePermission: PermissionName;
  /** the label code's segment and the English names */
  label: string;
  english: { containers: string; roles: string; permissions: string };
  /** what its containers hold besides users and roles */
  holds: ReadonlyArray<'levels' | 'resources' | 'usermanagers'>;
}

export const ACCESS_KINDS: readonly AccessKind[] = [
  {
    type: 'USER',
    containers: 'containers-user',
    roles: 'roles-user',
    permissions: 'permissions-user',
    containerPermission: 'USERS_CONTAINERS',
    rolePermission: 'USERS_ROLES',
    label: 'user',
    english: { containers: 'User containers', roles: 'User roles', permissions: 'User permissions' },
    holds: [],
  },
  {
    type: 'USER_MANAGER',
    containers: 'containers-users-manager',
    roles: 'roles-user-manager',
    permissions: null,
    containerPermission: 'USER_MANAGER_CONTAINERS',
    rolePermission: 'USER_MANAGER_ROLES',
    label: 'user-manager',
    english: { containers: 'User manager containers', roles: 'User manager roles', permissions: '' },
    holds: ['usermanagers'],
  },
  {
    type: 'LEVEL',
    containers: 'containers-level',
    roles: 'roles-level',
    permissions: 'permissions-level',
    containerPermission: 'LEVELS_CONTAINERS',
    rolePermission: 'LEVELS_ROLES',
    label: 'level',
    english: { containers: 'Level containers', roles: 'Level roles', permissions: 'Level permissions' },
    holds: ['levels'],
  },
  {
    type: 'RESOURCE',
    containers: 'containers-resource',
    roles: 'roles-resource',
    permissions: 'permissions-resource',
    containerPermission: 'RESOURCES_CONTAINERS',
    rolePermission: 'RESOURCES_ROLES',
    label: 'resource',
    english: {
      containers: 'Resource containers',
      roles: 'Resource roles',
      permissions: 'Resource permissions',
    },
    holds: ['resources'],
  },
  {
    type: 'RECEPTION_DESK',
    containers: 'containers-reception-desk',
    roles: 'roles-reception-desk',
    permissions: null,
    containerPermission: 'RECEPTION_DESK_CONTAINERS',
    rolePermission: 'RECEPTION_DESK_ROLES',
    label: 'reception-desk',
    english: {
      containers: 'Reception desk containers',
      roles: 'Reception desk roles',
      permissions: '',
    },
    holds: [],
  },
];

/** The kind of the screen shown, from the first segment of its address. */
export function useAccessKind(): AccessKind {
  const first = useLocation().pathname.split('/')[1]?.toLowerCase() ?? '';
  return (
    ACCESS_KINDS.find((kind) => [kind.containers, kind.roles, kind.permissions].includes(first)) ??
    ACCESS_KINDS[0]!
  );
}
