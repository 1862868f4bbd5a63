import type { InitialData } from '../../../shared/contract/auth';
import { browserZone } from '../../../shared/time/zone';
import { useInitialData } from '../../session/hooks';
import { formatMeetingTime } from './format-meeting';

/** The zone the user sees times in: their preference, else their profile's, else the browser's. */
export function userZoneOf(session: InitialData | null): string {
  return session?.usertimepreference?.timezone || session?.user.timezone || browserZone();
}

export function useUserZone(): string {
  return userZoneOf(useInitialData());
}

/** Formats a UTC instant from Office.js or the server in the user's zone and formats. */
export function useMeetingFormat(): (time: Date | string) => string {
  const session = useInitialData();
  const zone = useUserZone();
  const preference = session?.usertimepreference;
  return (time) =>
    formatMeetingTime(new Date(time), {
      timezone: zone,
      dateFormat: preference?.date_format ?? '',
      timeFormat: preference?.time_format ?? '',
    });
}
