export { generalPermissionsOf, generalPermissionsQuery, normalizePermissions } from './permissions.queries';
