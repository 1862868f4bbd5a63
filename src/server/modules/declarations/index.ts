export { registerDeclarationRoutes } from './declarations.routes';
export { createDeclarations } from './declarations.create';
export { startAutoRelease } from './auto-release';
export { bookingPreferences, dayBounds, maxConcurrent, openUntil, resourceSlots } from './availability';
export {
  bookingContext,
  bookingRoles,
  bookingTarget,
  closuresOf,
  dateCapacities,
  heldBookings,
  heldPlaces,
  hostContext,
  insertBooking,
  intArray,
  levelDay,
  levelInfo,
  lockUser,
  nameInUserLanguage,
  notifyChanged,
  planDayState,
  priceOf,
  subtreeTargets,
  windowsOf,
  type BookingTarget,
  type HeldBooking,
  type LevelDay,
  type LevelInfo,
} from './declarations.queries';
export {
  answeringDoubleBooking,
  bookingCost,
  change,
  checkLimit,
  checkSharedCapacity,
  closed,
  full,
  MESSAGES as BOOKING_MESSAGES,
  REFUSALS,
  refusalToBook,
  taken,
} from './declarations.rules';
export { cancelDeclaration, getDeclaration } from './declarations.service';
export { levelChains, selectDeclarations } from './declarations.view';
