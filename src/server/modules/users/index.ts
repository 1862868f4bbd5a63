export { registerUserRoutes } from './users.routes';
export { assertAdministratorRemains, LAST_ADMINISTRATOR } from './administrators';
export { manageableUsers } from './manageable';
export { sendInvitation } from './invitations.service';
export { assignmentsOf } from './users.queries';
