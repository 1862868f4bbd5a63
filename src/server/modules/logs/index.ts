export { registerLogRoutes } from './logs.routes';
export { recordAudit } from './audit';
export { runLogExports, startLogExports } from './log-exports.jobs';
