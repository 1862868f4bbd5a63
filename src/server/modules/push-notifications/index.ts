export { registerPushRoutes } from './push.routes';
export { notifyUser } from './push.service';
