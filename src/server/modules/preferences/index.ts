export { registerPreferenceRoutes } from './preferences.routes';
