export {
  bookingEventKey,
  type BookingEvent,
  type CalendarChanges,
  type CalendarConnector,
  type EventRef,
  type ExternalEvent,
} from './calendar-connector';
export {
  calendarSyncHandlers,
  queueCalendarPulls,
  queueSubscriptionUpkeep,
  runCalendarSync,
  startCalendarSync,
  type CalendarSyncOptions,
} from './calendar-sync.jobs';
export { queueBookingPushes } from './calendar-push.queries';
export { DECLINE_REASONS, PULL_JOB, PUSH_JOB } from './calendar-sync.service';
export { GRAPH_NOTIFICATIONS_PATH, registerCalendarSyncRoutes } from './calendar-sync.routes';
export { RETRACT_JOB } from './retract';
export { SUBSCRIPTIONS_JOB, UNSUBSCRIBE_JOB } from './subscriptions.service';
