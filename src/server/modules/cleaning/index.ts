export { registerCleaningRoutes } from './cleaning.routes';
export { refuseUntilCleaned } from './cleaning.service';
/** for the cockpit ("waiting for cleaning") and the plan's markers */
export { awaitingCleaning, refusedUntilCleaned } from './cleaning.queries';
