export { registerVisitorRoutes } from './visitors.routes';
export { registerKioskRoutes } from './kiosk.routes';
export { receptionDeskVisitorChanged } from './visitors.notify';
export { receptionDeskAlert } from './block-list';
export { eraseExpiredVisitors, startVisitorRetention } from './visitor-retention';
export { cancelMeetingVisits, checkMeetingVisitors, registerMeetingVisitors } from './meeting-visitors';
