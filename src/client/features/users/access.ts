import { can, type GeneralPermission } from '../../../shared/permissions/can';

/**
 * What the caller may do on the users screens: a users administrator (USERS_CONTAINERS) everything
 * its flags allow; a user manager (MANAGE_USERS, from user-manager containers) their users' details,
 * password and deletion, as the users API allows (users.routes orUserManager).
 */
export function usersAccess(permissions: readonly GeneralPermission[]) {
  const either = (action: 'read' | 'update' | 'delete') =>
    can(permissions, [
      ['USERS_CONTAINERS', action],
      ['MANAGE_USERS', action],
    ]);
  return {
    /** containers, assignments, filters by them, export and import: the administrators' */
    administers: can(permissions, ['USERS_CONTAINERS', 'read']),
    create: can(permissions, ['USERS_CONTAINERS', 'create']),
    update: either('update'),
    delete: either('delete'),
  };
}
