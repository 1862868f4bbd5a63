export { registerDelegationRoutes } from './delegations.routes';
export { actsFor, principalsFor } from './delegations.access';
