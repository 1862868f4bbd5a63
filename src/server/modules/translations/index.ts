export { registerTranslationRoutes } from './translations.routes';
