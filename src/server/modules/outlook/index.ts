export { registerOutlookRoutes } from './outlook.routes';
export { startPendingRelease } from './outlook-pending.jobs';
export { confirmByCalendar, releaseLapsedMeetings } from './outlook-pending.queries';
export { alternativeRooms, type ProposedRoom } from './alternative-rooms';
