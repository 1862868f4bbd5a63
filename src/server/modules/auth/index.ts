export { registerAuthRoutes } from './auth.routes';
