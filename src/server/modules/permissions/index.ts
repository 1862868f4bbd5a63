export { generalPermissionsOf } from './permissions.queries';
