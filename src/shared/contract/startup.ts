/** spec §2: startup page keys and the route each one opens. */
export const STARTUP_ROUTES = {
  MAIN_MENU: 'r_home',
  AUTHORIZE: 'r_authorize',
  BOOKING: 'r_booking',
  CLEAN: 'r_clean',
  DISTANCE: 'r_distance',
  DOCUMENTS: 'r_documents',
  EVENTS: 'r_events',
  MESSAGES: 'r_messages',
  PLAN: 'r_plan',
  REAL_TIME: 'r_real-time',
  SERVICES: 'r_services',
  SURVEY: 'r_survey',
  ONE_CLICK: 'r_one-click',
  COCKPIT: 'r_cockpit',
  '5D_MAPS': 'r_5dmaps',
  SCHEDULER: 'r_scheduler',
  BOOKINGS_AND_GRID: 'r_bookings',
} as const;
export type StartupKey = keyof typeof STARTUP_ROUTES;

export function startupRoute(key: string | null | undefined): string | null {
  return key && key in STARTUP_ROUTES ? STARTUP_ROUTES[key as StartupKey] : null;
}
