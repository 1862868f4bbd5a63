import type { PermissionRequirement } from '../../../shared/permissions';

/** The settings belong to the resources administration. */
export const READ: PermissionRequirement = ['RESOURCES', 'read'];
export const WRITE: PermissionRequirement = ['RESOURCES', 'update'];
/** Employees see the picture on the plan and the info card. */
export const READ_IMAGE: PermissionRequirement = [['RESOURCES', 'read'], 'PLAN'];
/** The service-type list is also what the service-items administration chooses from. */
export const READ_SERVICE_TYPES: PermissionRequirement = [
  ['RESOURCES', 'read'],
  ['SERVICE_ITEMS', 'read'],
];
