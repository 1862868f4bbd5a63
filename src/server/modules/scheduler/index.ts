export { registerSchedulerRoutes } from './scheduler.routes';
export {
  bookSeries,
  bookSeriesIn,
  checkSeries,
  checkSeriesIn,
  SERIES_MESSAGES,
  SeriesRefused,
  type BookedOccurrence,
  type ConflictReason,
  type SeriesAlternative,
  type SeriesConflict,
  type SeriesInput,
  type SeriesOccurrence,
} from './series';
export { conflictMessage, roomsAbleToHold } from './series-rooms';
