export { registerOneClickRoutes } from './one-click.routes';
