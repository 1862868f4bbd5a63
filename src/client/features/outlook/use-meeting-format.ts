import { userZoneOf } from '../../i18n/format-when';
import { useInitialData } from '../../session/hooks';

/** The zone the user sees times in: their preference, else their profile's, else the browser's. */
export { userZoneOf };

export function useUserZone(): string {
  return userZoneOf(useInitialData());
}
