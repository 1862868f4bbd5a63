export { registerDeclarationRoutes } from './declarations.routes';
export { startAutoRelease } from './auto-release';
export { bookingPreferences, dayBounds, maxConcurrent, resourceSlots } from './availability';
export {
  bookingTarget,
  closuresOf,
  dateCapacities,
  heldBookings,
  heldPlaces,
  levelDay,
  levelInfo,
  planDayState,
  subtreeTargets,
  windowsOf,
  type BookingTarget,
  type HeldBooking,
  type LevelDay,
  type LevelInfo,
} from './declarations.queries';
export { refusalToBook } from './declarations.rules';
