export { registerDeclarationRoutes } from './declarations.routes';
export { startAutoRelease } from './auto-release';
export { bookingPreferences, dayBounds, maxConcurrent, resourceSlots } from './availability';
export {
  bookingRolesOf,
  bookingTarget,
  closuresOf,
  dateCapacities,
  heldBookings,
  heldPlaces,
  levelInfo,
  subtreeTargets,
  windowsOf,
  type BookingTarget,
} from './declarations.queries';
export { refusalToBook } from './declarations.rules';
