export { registerApplicationRoutes } from './applications.routes';
