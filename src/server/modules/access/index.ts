export { registerAccessRoutes } from './access.routes';
