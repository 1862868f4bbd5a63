export { registerRealTimeRoutes } from './real-time.routes';
export { wallGuest } from './wall-guest';
