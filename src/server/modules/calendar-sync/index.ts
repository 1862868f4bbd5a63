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
  runCalendarSync,
  startCalendarSync,
  type CalendarSyncOptions,
} from './calendar-sync.jobs';
export { DECLINE_REASONS, PULL_JOB, PUSH_JOB } from './calendar-sync.service';
