export { registerRealtimeRoutes } from './realtime.routes';
export type { RealtimeHub } from './hub';
export { gridChanged } from './sources';
