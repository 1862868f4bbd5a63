export { registerCompanyRoutes } from './companies.routes';
export { purgeDeletedCompanies, startCompanyPurge } from './company-purge';
