export { registerProfileRoutes } from './profile.routes';
export { membershipsOf } from './profile.queries';
