export { acceptImage } from './accepted-image';
export { registerMapRoutes } from './maps.routes';
export { storeMap } from './maps.service';
export { nearestMap } from './maps.queries';
export { realTimeMapChanged } from './maps.notify';
