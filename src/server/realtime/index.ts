export { registerRealtimeRoutes } from './realtime.routes';
export type { RealtimeHub } from './hub';
