import { BOOKING_PREFERENCE_DEFAULTS } from '../../../shared/booking/preferences';
import { useBookingPreferences } from '../preferences/use-booking-preferences';
import type { DisplayFormats } from './booking-time';

/** The user's date and time formats; the defaults until their preferences arrive. */
export function useDisplayFormats(): DisplayFormats {
  const { preferences } = useBookingPreferences();
  return {
    dateFormat: preferences?.dateFormat ?? BOOKING_PREFERENCE_DEFAULTS.DateFormat,
    timeFormat: preferences?.timeFormat ?? BOOKING_PREFERENCE_DEFAULTS.TimeFormat,
  };
}
