export { registerPlanRoutes } from './plan.routes';
export { levelResourcesOccupancy } from './plan-map.service';
export { planSlots } from './plan.service';
