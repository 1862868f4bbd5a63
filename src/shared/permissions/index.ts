export { PERMISSION_NAMES, PERMISSION_TYPES, PERMISSION_TYPE_OF } from './names';
export type { PermissionName, PermissionType } from './names';
export { ACTIONS, allows, can } from './can';
export type { Action, GeneralPermission, PermissionRequirement, PermissionRule } from './can';
export {
  DELEGABLE_PERMISSIONS,
  DELEGATE_NEEDS,
  delegableHeld,
  delegationInForce,
  isDelegable,
} from './delegable';
export type { DelegablePermission } from './delegable';
export { ACCESS_TYPES, ACCESS_TYPE_SEGMENT, SCOPED_PERMISSIONS } from './access-types';
export type { AccessType, ScopedPermissionName } from './access-types';
