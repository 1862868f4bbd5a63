export { registerOutlookRoutes } from './outlook.routes';
