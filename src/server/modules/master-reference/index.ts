export { registerMasterReferenceRoutes } from './master-reference.routes';
