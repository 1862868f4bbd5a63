export { registerCompanyProfileRoutes } from './company-profile.routes';
