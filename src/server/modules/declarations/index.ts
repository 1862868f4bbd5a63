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
  subtreeTargets,
  windowsOf,
  type BookingTarget,
  type LevelDay,
} from './declarations.queries';
export { refusalToBook } from './declarations.rules';
