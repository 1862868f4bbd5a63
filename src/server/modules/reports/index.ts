export { registerReportRoutes } from './reports.routes';
export { startWeeklyReports } from './weekly-mails';
