export {
  generalPermissionsOf,
  generalPermissionsOfUsers,
  generalPermissionsQuery,
  normalizePermissions,
} from './permissions.queries';
