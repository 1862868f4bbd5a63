export { registerResourceRoutes } from './resources.routes';
export { deleteResourcesOnLevels, levelsWithFutureBookings, resourceCountsByLevel } from './level-resources';
