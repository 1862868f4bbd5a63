export { registerReceptionDeskRoutes } from './reception-desks.routes';
export { deskName, deskRows } from './reception-desks.queries';
