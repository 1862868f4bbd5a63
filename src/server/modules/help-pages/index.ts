export { registerHelpPageRoutes } from './help-pages.routes';
