export { registerMapRoutes } from './maps.routes';
export { storeMap } from './maps.service';
