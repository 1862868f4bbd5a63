export { registerImpersonationRoutes } from './impersonations.routes';
