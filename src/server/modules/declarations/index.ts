export { registerDeclarationRoutes } from './declarations.routes';
export { createDeclarations } from './declarations.create';
export { startAutoRelease } from './auto-release';
export { bookingPreferences, dayBounds, maxConcurrent, openUntil, resourceSlots } from './availability';
export {
  bookingContext,
  bookingTarget,
  closuresOf,
  dateCapacities,
  heldBookings,
  heldPlaces,
  insertBooking,
  levelDay,
  levelInfo,
  nameInUserLanguage,
  planDayState,
  subtreeTargets,
  windowsOf,
  type BookingTarget,
  type HeldBooking,
  type LevelDay,
  type LevelInfo,
} from './declarations.queries';
export {
  answeringDoubleBooking,
  checkLimit,
  MESSAGES as BOOKING_MESSAGES,
  REFUSALS,
  refusalToBook,
} from './declarations.rules';
