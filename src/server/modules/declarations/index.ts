export { registerDeclarationRoutes } from './declarations.routes';
export { createDeclarations } from './declarations.create';
export { startAutoRelease } from './auto-release';
export { sendCheckInReminders, startCheckInReminders } from './check-in-reminders';
export { bookingPreferences, dayBounds, maxConcurrent, openUntil, resourceSlots } from './availability';
export { bookingContext, bookingTarget, subtreeTargets, type BookingTarget } from './booking-context.queries';
export { insertBooking } from './booking-writes.queries';
export { declarationChanged, notifyChanged } from './declarations.notify';
export {
  bookingRoles,
  dateCapacities,
  heldPlaces,
  hostContext,
  intArray,
  lockUser,
  nameInUserLanguage,
  priceOf,
} from './declarations.queries';
export {
  closuresOf,
  heldBookings,
  levelDay,
  levelInfo,
  planDayState,
  windowsOf,
  type HeldBooking,
  type LevelDay,
  type LevelInfo,
} from './level-day.queries';
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
  refusalsToBook,
  taken,
} from './declarations.rules';
export { cancelDeclaration, checkIn, checkOut, getDeclaration } from './declarations.service';
export { levelChains, selectDeclarations } from './declarations.view';
export { assignmentAccess, asStretch, holdersOf, type Holders } from './assignment-access.queries';
