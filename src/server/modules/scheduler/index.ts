export { registerSchedulerRoutes } from './scheduler.routes';
export {
  bookSeries,
  bookSeriesIn,
  checkSeries,
  checkSeriesIn,
  conflictMessage,
  roomsAbleToHold,
  SeriesRefused,
  SERIES_MESSAGES,
  type BookedOccurrence,
  type ConflictReason,
  type SeriesAlternative,
  type SeriesConflict,
  type SeriesInput,
  type SeriesOccurrence,
} from './series';
