export { registerCockpitRoutes } from './cockpit.routes';
