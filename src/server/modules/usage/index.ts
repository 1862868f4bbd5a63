export { registerUsageRoutes } from './usage.routes';
