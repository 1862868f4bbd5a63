export { registerVisitorRoutes } from './visitors.routes';
export { registerKioskRoutes } from './kiosk.routes';
export { receptionDeskVisitorChanged } from './visitors.notify';
