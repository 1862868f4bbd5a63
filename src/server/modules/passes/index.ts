export { registerPassRoutes } from './passes.routes';
