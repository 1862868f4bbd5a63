export { registerReportRoutes } from './reports.routes';
export { startWeeklyReports } from './weekly-mails';
export { nameIn } from './scope.queries';
