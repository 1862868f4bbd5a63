export { registerPlanRoutes } from './plan.routes';
