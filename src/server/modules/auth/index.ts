export { registerAuthRoutes } from './auth.routes';
export { signIn } from './login.service';
export { insertHandoverCode } from './auth.queries';
export { HANDOVER_TTL_SECONDS } from './login.service';
