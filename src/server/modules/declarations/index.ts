export { registerDeclarationRoutes } from './declarations.routes';
export { releaseOverdueBookings, startAutoRelease } from './auto-release';
export { bookingPreferences, clockTime, dayBounds, maxConcurrent, resourceSlots } from './availability';
export {
  bookingRoles,
  bookingTarget,
  closuresOf,
  dateCapacities,
  DECLARATION_CHANNEL,
  heldBookings,
  heldPlaces,
  levelInfo,
  subtreeTargets,
  windowsOf,
  type BookingTarget,
  type DeclarationChange,
} from './declarations.queries';
