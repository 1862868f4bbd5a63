export { registerRealtimeRoutes } from './realtime.routes';
export type { RealtimeHub } from './hub';
export { gridChanged } from './sources';
export type { Subscriber } from './hub';
export type { GuestAuthenticator } from './realtime.routes';
export { ownSchema, type RealtimeSource } from './sources';
