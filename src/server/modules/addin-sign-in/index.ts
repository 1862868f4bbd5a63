export { registerAddinSignInRoutes } from './addin-sign-in.routes';
