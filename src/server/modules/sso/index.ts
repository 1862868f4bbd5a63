export { registerSsoRoutes } from './sso.routes';
