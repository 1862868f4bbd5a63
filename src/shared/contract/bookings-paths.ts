// spec §7 Bookings: the addresses of the booking API.
import { COMPANY_PREFIX } from './common';

export const bookingsPath = `${COMPANY_PREFIX}/bookings`;
export const bookingPaths = {
  presets: `${bookingsPath}/presets`,
  preset: `${bookingsPath}/presets/:id`,
  presetActivate: `${bookingsPath}/presets/:id/activate`,
  presetDeactivate: `${bookingsPath}/presets/:id/deactivate`,
  presetsOrder: `${bookingsPath}/presets/order`,
  byPreset: `${bookingsPath}/preset/:presetId`,
  one: `${bookingsPath}/:id`,
  resourcesAvailability: `${bookingsPath}/resources-availability`,
  store: `${bookingsPath}/store`,
  grid: `${bookingsPath}/grid/:presetId`,
  gridBookings: `${bookingsPath}/grid-bookings`,
  resize: `${bookingsPath}/resize`,
  showGrid: `${bookingsPath}/show-grid`,
  declarationCost: `${bookingsPath}/declaration-cost`,
} as const;

export const bookingPresetPath = (id: number) => `${bookingsPath}/presets/${id}`;
export const bookingPresetActivatePath = (id: number, active: boolean) =>
  `${bookingsPath}/presets/${id}/${active ? 'activate' : 'deactivate'}`;
export const presetBookingsPath = (presetId: number, extendPeriod = 0) =>
  `${bookingsPath}/preset/${presetId}${extendPeriod > 0 ? `?extend_period=${extendPeriod}` : ''}`;
export const bookingPath = (id: number) => `${bookingsPath}/${id}`;
export const gridPath = (presetId: number, date?: string) =>
  `${bookingsPath}/grid/${presetId}${date ? `?date=${date}` : ''}`;
